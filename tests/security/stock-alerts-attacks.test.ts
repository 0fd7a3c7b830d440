import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, stockAlerts, users } from "../../server/db/schema";
import { unsubscribeToken } from "../../server/catalog/unsubscribe-token";
import { type AdminTest, placeOrderOf, startAdminTest } from "../helpers/admin";
import { insertProducts } from "../helpers/products";

/**
 * "Notify me" through the HTTP app, as an attacker would try it (decision 061): a cross-site
 * post, forged fields naming someone else, a combination in stock or not offered, a huge body,
 * cancelling another shopper's request, a GET on the unsubscribe link (mail scanners), a forged
 * token, and the real one-click POST from a mail client (no cookie, another Origin).
 */

let test: AdminTest;
let tee: { id: string };
let shopperId: string;
let adminId: string;

beforeAll(async () => {
  test = await startAdminTest();
  [tee] = await insertProducts(test.database.db, [
    { title: "Attack Tee", sizes: ["S", "M"], stockCount: 4, stockIn: { size: "S", color: null } },
  ]);
  const ids = await test.database.db.select({ id: users.id, email: users.email }).from(users);
  shopperId = ids.find((u) => u.email !== "admin@example.com")!.id;
  adminId = ids.find((u) => u.email === "admin@example.com")!.id;
}, 120_000);
afterAll(() => test.stop());
beforeEach(async () => {
  await test.database.db.delete(stockAlerts);
});

const waiting = (userId: string) =>
  test.database.db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)));
const flashOf = (res: Response) => /threadline\.flash=([a-zA-Z.]+)~/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("asking", () => {
  it("asks for the signed-in shopper only, whatever the form names", async () => {
    const res = await test.shopper.postForm("/stock-alerts", {
      intent: "request",
      productId: tee.id,
      size: "M",
      userId: adminId,
      user_id: adminId,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/product/${tee.id}?size=M`);
    expect(flashOf(res)).toBe("alert.created");
    expect(await waiting(shopperId)).toHaveLength(1);
    expect(await waiting(adminId)).toEqual([]);
  });

  it.each<[string, Record<string, string>, string]>([
    ["a size in stock", { size: "S" }, "alert.inStock"],
    ["a size the product does not have", { size: "XL" }, "alert.notOffered"],
    ["a colour the product does not have", { size: "M", color: "Red" }, "alert.notOffered"],
    ["a variant that is not JSON", { variant: "[M" }, "alert.notOffered"],
    ["a variant of three parts", { variant: '["M",null,1]' }, "alert.notOffered"],
    ["an unknown product", { productId: "6f1c0a52-8c4b-4a39-9d3e-1f2a3b4c5d6e", size: "M" }, "alert.failure"],
    ["a product id that is not one", { productId: "../../admin", size: "M" }, "alert.failure"],
    ["an unknown intent", { intent: "drop-table", size: "M" }, "alert.failure"],
  ])("refuses %s with a toast and writes nothing", async (_, fields, flash) => {
    const res = await test.shopper.postForm("/stock-alerts", { intent: "request", productId: tee.id, ...fields });
    expect(res.status).toBe(303);
    expect(flashOf(res)).toBe(flash);
    // Back to the product only for a real product id; never anywhere else.
    expect(res.headers.get("location")).toMatch(/^\/(product\/[0-9a-f-]{36}(\?.*)?|profile#stock-alerts)$/);
    expect(await waiting(shopperId)).toEqual([]);
  });

  it("takes the sold-out list's select value as the combination", async () => {
    const res = await test.shopper.postForm("/stock-alerts", {
      intent: "request",
      productId: tee.id,
      variant: '["M",null]',
    });
    expect(flashOf(res)).toBe("alert.created");
    expect(await waiting(shopperId)).toHaveLength(1);
  });

  it("refuses a body over the page forms' limit", async () => {
    const res = await test.shopper.postForm("/stock-alerts", {
      intent: "request",
      productId: tee.id,
      size: "M",
      color: "x".repeat(200_000),
    });
    expect(res.status).toBe(413);
    expect(await waiting(shopperId)).toEqual([]);
  });

  it("refuses another site's post", async () => {
    const res = await test.shopper.postForm(
      "/stock-alerts",
      { intent: "request", productId: tee.id, size: "M" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(res.status).toBe(403);
    expect(await waiting(shopperId)).toEqual([]);
  });
});

describe("cancelling", () => {
  it("cannot cancel another shopper's request", async () => {
    await test.shopper.postForm("/stock-alerts", { intent: "request", productId: tee.id, size: "M" });
    const [mine] = await waiting(shopperId);
    const res = await test.admin.postForm("/stock-alerts", { intent: "cancel", alertId: mine.id });
    expect(flashOf(res)).toBe("alert.failure");
    expect(await waiting(shopperId)).toHaveLength(1);
    const own = await test.shopper.postForm("/stock-alerts", { intent: "cancel", alertId: mine.id });
    expect(flashOf(own)).toBe("alert.cancelled");
    expect(await waiting(shopperId)).toEqual([]);
  });
});

describe("the unsubscribe link", () => {
  const link = (token: string) => `/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = (path: string, headers: Record<string, string> = {}) =>
    test.t.app.request(`http://store.test${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });

  beforeEach(async () => {
    await test.shopper.postForm("/stock-alerts", { intent: "request", productId: tee.id, size: "M" });
  });

  it("a GET (a mail scanner following it) only asks", async () => {
    const token = unsubscribeToken(test.t.config.authSecret, shopperId);
    const page = await test.t.app.request(`http://store.test${link(token)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop my stock alerts");
    expect(await waiting(shopperId)).toHaveLength(1);
  });

  it("a forged or foreign token changes nothing", async () => {
    const real = unsubscribeToken(test.t.config.authSecret, shopperId);
    for (const token of [
      `${adminId}.${real.split(".")[1]}`,
      unsubscribeToken("another store's secret that is long enough", shopperId),
      shopperId,
    ]) {
      const res = await oneClick(link(token));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This link is not valid.");
    }
    expect(await waiting(shopperId)).toHaveLength(1);
  });

  // Issue 37, T4-11: 0.6.0 decoded the MAC leniently, so other spellings of a real token (a character
  // base64url does not know, the last character's spare bits changed, padding) were accepted as it.
  it("only the token as it was sent is good: other spellings of its MAC are refused", async () => {
    const real = unsubscribeToken(test.t.config.authSecret, shopperId);
    const [id, sig] = real.split(".");
    const last = sig.at(-1) as string;
    const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 32 bytes are 43 characters: the last one carries 4 bits, so its 2 low bits are spare.
    const spareBitsFlipped = base64url[base64url.indexOf(last) ^ 1];
    for (const token of [
      `${id}.${sig}!`,
      `${id}.${sig}=`,
      `${id}.${sig.slice(0, -1)}${spareBitsFlipped}`,
      `${id}.!${sig}`,
    ]) {
      const res = await oneClick(link(token));
      expect(res.status, token).toBe(400);
      expect(await res.text()).toContain("This link is not valid.");
    }
    expect(await waiting(shopperId)).toHaveLength(1);
  });

  it("the mail client's one-click POST cancels, without a session, from another origin", async () => {
    const token = unsubscribeToken(test.t.config.authSecret, shopperId);
    const res = await oneClick(link(token), { origin: "https://mail.example" });
    expect(res.status).toBe(200);
    expect(await waiting(shopperId)).toEqual([]);
    // A replay finds nothing left, and says the same.
    const again = await oneClick(link(token));
    expect(again.status).toBe(200);
  });
});

describe("a cancellation that restocks", () => {
  it("sends the waiting shopper's e-mail in the cancellation's transaction, once", async () => {
    const [scarf] = await insertProducts(test.database.db, [{ title: "Last Scarf", sizes: [], stockCount: 1 }]);
    const order = await placeOrderOf(test, shopperId, [
      { product: { ...scarf, imageUrls: [], priceCents: 1000 }, quantity: 1, size: null },
    ]);
    // Sold out now: the administrator (another shopper here) asks to be told.
    const asked = await test.admin.postForm("/stock-alerts", { intent: "request", productId: scarf.id });
    expect(flashOf(asked)).toBe("alert.created");
    const backInStock = () =>
      test.database.db.select().from(outbox).where(eq(outbox.subject, "Back in stock: Last Scarf (One size)"));
    expect(await backInStock()).toEqual([]);
    const cancelled = await test.shopper.postForm("/orders", { intent: "cancel-order", orderId: order.id });
    expect(cancelled.status).toBe(200);
    const mails = await backInStock();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("admin@example.com");
    expect(mails[0].text).toContain(`/product/${scarf.id}`);
    expect(await waiting(adminId)).toEqual([]);
  });
});
