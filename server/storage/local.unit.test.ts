import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage, type LocalStorageIo } from "./local";

const filesUnder = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

/** A disk that fills up during the `failAt`-th write: half the bytes land, then ENOSPC. */
function fillingDisk(failAt: number): LocalStorageIo {
  let writes = 0;
  return {
    async writeFile(file, data) {
      writes += 1;
      if (writes !== failAt) return writeFile(file, data);
      await writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    },
  };
}

describe("local image storage", () => {
  it("writes a file under its key, and nothing else", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "store-local-"));
    const storage = createLocalStorage(root);
    await storage.put("products/1_abc_dress-320.webp", Buffer.from("picture"), "image/webp");
    expect(filesUnder(root)).toEqual(["products/1_abc_dress-320.webp"]);
    expect(readFileSync(path.join(root, "products/1_abc_dress-320.webp"), "utf8")).toBe("picture");
  });

  it("leaves no partial file when the disk fills up during a write", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "store-local-"));
    const storage = createLocalStorage(root, fillingDisk(2));
    await storage.put("products/1_abc_dress-320.webp", Buffer.alloc(4096, 1), "image/webp");
    await expect(storage.put("products/1_abc_dress-640.webp", Buffer.alloc(4096, 2), "image/webp")).rejects.toThrow(
      "ENOSPC",
    );
    expect(filesUnder(root)).toEqual(["products/1_abc_dress-320.webp"]);
  });

  it("never shows a half-written file under its key, even while it is being written", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "store-local-"));
    const seen: string[][] = [];
    const storage = createLocalStorage(root, {
      async writeFile(file, data) {
        await writeFile(file, data);
        seen.push(filesUnder(root));
      },
    });
    await storage.put("products/2_def_coat-960.webp", Buffer.from("coat"), "image/webp");
    // While the bytes were being written, the key did not exist yet.
    expect(seen).toHaveLength(1);
    expect(seen.flat()).not.toContain("products/2_def_coat-960.webp");
    expect(filesUnder(root)).toEqual(["products/2_def_coat-960.webp"]);
  });
});
