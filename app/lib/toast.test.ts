import { describe, expect, it } from "vitest";
import { createToastQueue, type ToastKind, type ToastLibrary } from "./toast";

function fakeLibrary() {
  const shown: string[] = [];
  const kind = (k: ToastKind) => (text: string, options?: { description?: unknown }) =>
    shown.push(`${k}:${text}${options?.description ? `:${String(options.description)}` : ""}`);
  const library: ToastLibrary = {
    toast: { success: kind("success"), error: kind("error"), info: kind("info"), warning: kind("warning") },
  };
  return { library, shown };
}

describe("createToastQueue", () => {
  it("loads nothing until a toast is asked for", () => {
    let loads = 0;
    const queue = createToastQueue(async () => {
      loads += 1;
      return fakeLibrary().library;
    });
    expect(loads).toBe(0);
    expect(queue.waiting()).toBe(0);
  });

  it("keeps toasts asked for before the toaster is ready and shows them in order once it is", async () => {
    const { library, shown } = fakeLibrary();
    const queue = createToastQueue(async () => library);
    const told: number[] = [];
    queue.subscribe(() => told.push(queue.waiting()));
    queue.show("success", "Added to cart");
    queue.show("error", "Failed", { description: "why" });
    expect(told).toEqual([1, 2]);
    expect(shown).toEqual([]);
    queue.ready(await queue.library());
    expect(shown).toEqual(["success:Added to cart", "error:Failed:why"]);
    expect(queue.waiting()).toBe(0);
    queue.show("info", "Later");
    expect(shown).toEqual(["success:Added to cart", "error:Failed:why", "info:Later"]);
    expect(told).toEqual([1, 2]);
  });

  it("downloads the library once for every caller, preload included", async () => {
    let loads = 0;
    const queue = createToastQueue(async () => {
      loads += 1;
      return fakeLibrary().library;
    });
    queue.preload();
    const [a, b] = await Promise.all([queue.library(), queue.library()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });

  it("tries the download again after it failed, keeping the waiting toasts", async () => {
    const { library, shown } = fakeLibrary();
    let attempts = 0;
    const queue = createToastQueue(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("offline");
      return library;
    });
    queue.show("warning", "Careful");
    await expect(queue.library()).rejects.toThrow("offline");
    queue.ready(await queue.library());
    expect(attempts).toBe(2);
    expect(shown).toEqual(["warning:Careful"]);
  });
});

describe("onShow", () => {
  it("tells its listeners before every toast, waiting or delivered, until they leave", async () => {
    const { library, shown } = fakeLibrary();
    const queue = createToastQueue(async () => library);
    const seen: number[] = [];
    const leave = queue.onShow(() => seen.push(shown.length));
    queue.show("info", "First");
    queue.ready(await queue.library());
    queue.show("info", "Second");
    expect(seen).toEqual([0, 1]);
    leave();
    queue.show("info", "Third");
    expect(seen).toEqual([0, 1]);
    expect(shown).toEqual(["info:First", "info:Second", "info:Third"]);
  });
});
