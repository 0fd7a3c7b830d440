import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_WAITING_ALERTS, stockAlertTexts } from "../../domain/stock-alerts";
import { createTestDatabase } from "../../tests/helpers/database";
import { insertProducts, setStock } from "../../tests/helpers/products";
import type { DatabaseHandle } from "../db/client";
import { authThrottles, outbox, products, productVariants, stockAlerts, users } from "../db/schema";
import { createThrottle } from "../limits/throttle";
import { returnStock } from "../orders/service";
import { createStockAlertsService, type RestockAlerts } from "./stock-alerts";
import { unsubscribeToken } from "./unsubscribe-token";
import { writeVariants } from "./variant-stock";

/**
 * "Notify me" (docs/decisions/061-stock-alerts.md) against a real database: the rules of a
 * request, the restock triggers (the grid's save and stock given back by a cancellation or a
 * hold, through the functions those paths call), one e-mail per request, the limits, the races,
 * the unsubscribe and an account's deletion.
 */

let handle: DatabaseHandle;
const restock: RestockAlerts = { publicUrl: "https://shop.test", secret: "s".repeat(40) };
let alerts: ReturnType<typeof createStockAlertsService>;
let jacket: { id: string };
const colors = [
  { name: "Black", hex: "#000000" },
  { name: "Cognac", hex: "#8a4f2a" },
];

beforeAll(async () => {
  handle = await createTestDatabase();
  alerts = createStockAlertsService({ db: handle.db, throttle: createThrottle(handle.db), restock });
});
afterAll(async () => {
  await handle?.close();
});

let userCount = 0;
async function shopper(verified = true, firstName: string | null = "Ada") {
  userCount += 1;
  const id = `user${userCount}x${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  await handle.db
    .insert(users)
    .values({ id, name: firstName ? `${firstName} Lovelace` : email, email, emailVerified: verified, firstName });
  return { id, email };
}

/** The jacket: M and L in Black and Cognac, only M/Black in stock (3 pieces). */
beforeEach(async () => {
  await handle.db.delete(outbox);
  await handle.db.delete(stockAlerts);
  await handle.db.delete(authThrottles);
  [jacket] = await insertProducts(handle.db, [
    { title: "Waxed Jacket", sizes: ["M", "L"], colors, stockCount: 3, stockIn: { size: "M", color: "Black" } },
  ]);
});

const LB = { productId: "", size: "L", color: "Black" };
const ask = (userId: string, input: Partial<typeof LB> & Record<string, unknown> = {}) =>
  alerts.request(userId, { ...LB, productId: jacket.id, ...input });

const grid = (stock: Record<string, number>) =>
  ["M", "L"].flatMap((size) =>
    colors.map(({ name }) => ({
      size: size as "M" | "L",
      color: name,
      stock: stock[`${size}/${name}`] ?? 0,
      sku: null,
    })),
  );
const saveGrid = (stock: Record<string, number>, productId = jacket.id) =>
  handle.db.transaction(async (tx) => {
    await tx.select().from(products).where(eq(products.id, productId)).for("update");
    await writeVariants(tx, productId, grid(stock), restock);
  });
const giveBack = (size: string, color: string, quantity: number) =>
  handle.db.transaction((tx) =>
    returnStock(tx, [{ productId: jacket.id, selectedSize: size, color, quantity }], restock),
  );
const mailsTo = (email: string) => handle.db.select().from(outbox).where(eq(outbox.to, email));
const waitingOf = (userId: string) =>
  handle.db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)));

describe("a request", () => {
  it("waits for a sold-out combination, once however often it is pressed", async () => {
    const ada = await shopper();
    expect(await ask(ada.id)).toBe("created");
    expect(await ask(ada.id)).toBe("exists");
    expect(await alerts.list(ada.id)).toEqual([
      expect.objectContaining({
        productId: jacket.id,
        productTitle: "Waxed Jacket",
        size: "L",
        color: "Black",
        href: `/product/${jacket.id}?size=L&color=Black`,
      }),
    ]);
    expect(await alerts.waitingFor(ada.id, jacket.id)).toEqual([{ size: "L", color: "Black" }]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a combination in stock", { size: "M", color: "Black" }, stockAlertTexts.inStock],
    ["a size the product does not have", { size: "XL" }, stockAlertTexts.notOffered],
    ["a size the store does not sell", { size: "Huge" }, stockAlertTexts.notOffered],
    ["a colour the product does not have", { color: "Pink" }, stockAlertTexts.notOffered],
    ["a missing colour", { color: null }, stockAlertTexts.notOffered],
    ["a colour of a thousand characters", { color: "x".repeat(1000) }, stockAlertTexts.notOffered],
    ["a colour that is not text", { color: { $ne: 1 } }, stockAlertTexts.notOffered],
  ])("refuses %s and writes nothing", async (_, input, message) => {
    const ada = await shopper();
    await expect(ask(ada.id, input)).rejects.toMatchObject({ kind: "invalid_input", message });
    expect(await waitingOf(ada.id)).toEqual([]);
  });

  it.each([["not-a-uuid"], ["6f1c0a52-8c4b-4a39-9d3e-1f2a3b4c5d6e"], [42]])(
    "answers an unknown product (%s) as not found",
    async (productId) => {
      const ada = await shopper();
      await expect(alerts.request(ada.id, { productId, size: "L", color: "Black" })).rejects.toMatchObject({
        kind: "not_found",
      });
      expect(await waitingOf(ada.id)).toEqual([]);
    },
  );

  it("refuses an unverified address: nothing could be sent to it", async () => {
    const bob = await shopper(false);
    await expect(ask(bob.id)).rejects.toMatchObject({ message: stockAlertTexts.unverified });
    expect(await waitingOf(bob.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_WAITING_ALERTS} waiting, also when the last ones are asked for at once`, async () => {
    const ada = await shopper();
    const many = await insertProducts(
      handle.db,
      Array.from({ length: MAX_WAITING_ALERTS + 4 }, (_, i) => ({
        title: `Sold out ${i}`,
        sizes: ["M"],
        stockCount: 0,
      })),
    );
    for (const product of many.slice(0, MAX_WAITING_ALERTS - 2))
      await alerts.request(ada.id, { productId: product.id, size: "M" });
    const last = await Promise.allSettled(
      many.slice(MAX_WAITING_ALERTS - 2).map((product) => alerts.request(ada.id, { productId: product.id, size: "M" })),
    );
    expect(last.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const refused of last.filter((r) => r.status === "rejected"))
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ message: stockAlertTexts.limit });
    expect(await waitingOf(ada.id)).toHaveLength(MAX_WAITING_ALERTS);
    // Cancelling one makes room for another.
    const [first] = await alerts.list(ada.id);
    await alerts.cancel(ada.id, first.id);
    expect(await ask(ada.id)).toBe("created");
  });

  it("counts two presses at once as one request", async () => {
    const ada = await shopper();
    const both = await Promise.all([ask(ada.id), ask(ada.id)]);
    expect(both.sort()).toEqual(["created", "exists"]);
    expect(await waitingOf(ada.id)).toHaveLength(1);
  });

  it("is rate limited like the other shopper writes", async () => {
    const ada = await shopper();
    await handle.db
      .insert(authThrottles)
      .values({ key: `stock-alert:${ada.id}`, count: 60, windowStartedAt: new Date() });
    await expect(ask(ada.id)).rejects.toMatchObject({ kind: "rate_limited" });
    expect(await waitingOf(ada.id)).toEqual([]);
  });
});

describe("cancelling", () => {
  it("cancels the shopper's own request only", async () => {
    const ada = await shopper();
    const eve = await shopper();
    await ask(ada.id);
    const [request] = await alerts.list(ada.id);
    await expect(alerts.cancel(eve.id, request.id)).rejects.toMatchObject({ kind: "not_found" });
    await expect(alerts.cancel(ada.id, "nonsense")).rejects.toMatchObject({ kind: "not_found" });
    expect(await alerts.list(ada.id)).toHaveLength(1);
    await alerts.cancel(ada.id, request.id);
    expect(await alerts.list(ada.id)).toEqual([]);
    await expect(alerts.cancel(ada.id, request.id)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("the restock", () => {
  it("from the grid: one e-mail per waiting shopper, even for fewer pieces than shoppers, and the requests are spent", async () => {
    const [ada, bob, cy] = [await shopper(true, "Ada"), await shopper(true, "Bob"), await shopper(true, null)];
    for (const who of [ada, bob, cy]) await ask(who.id);
    const other = await shopper();
    await ask(other.id, { size: "L", color: "Cognac" });

    await saveGrid({ "M/Black": 3, "L/Black": 1 });

    for (const who of [ada, bob, cy]) {
      const [mail, ...more] = await mailsTo(who.email);
      expect(more).toEqual([]);
      expect(mail.subject).toBe("Back in stock: Waxed Jacket (L, Black)");
      expect(mail.text).toContain(`https://shop.test/product/${jacket.id}?size=L&color=Black`);
      const unsubscribe = `https://shop.test/stock-alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken(restock.secret, who.id))}`;
      expect(mail.text).toContain(unsubscribe);
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(await waitingOf(who.id)).toEqual([]);
    }
    expect((await mailsTo(ada.email))[0].text).toContain("Hi Ada,");
    expect((await mailsTo(cy.email))[0].text).toContain("Hello,");
    // Still sold out: still waiting, nothing sent.
    expect(await mailsTo(other.email)).toEqual([]);
    expect(await waitingOf(other.id)).toHaveLength(1);

    // A second save with stock changes nothing for spent requests.
    await saveGrid({ "M/Black": 3, "L/Black": 5 });
    expect(await mailsTo(ada.email)).toHaveLength(1);
  });

  it("from a cancellation or a hold given back (returnStock), and not for a combination still at 0", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await giveBack("L", "Cognac", 2);
    expect(await mailsTo(ada.email)).toEqual([]);
    await giveBack("L", "Black", 1);
    expect(await mailsTo(ada.email)).toHaveLength(1);
    expect(await waitingOf(ada.id)).toEqual([]);
  });

  it("sends nothing to an address no longer verified: its request keeps waiting", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await handle.db.update(users).set({ emailVerified: false }).where(eq(users.id, ada.id));
    await saveGrid({ "L/Black": 2 });
    expect(await mailsTo(ada.email)).toEqual([]);
    expect(await waitingOf(ada.id)).toHaveLength(1);
  });

  it("sends once when two restocks race", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await Promise.all([giveBack("L", "Black", 1), giveBack("L", "Black", 1), saveGrid({ "L/Black": 4 })]);
    expect(await mailsTo(ada.email)).toHaveLength(1);
  });

  it("a request racing a restock is either refused as in stock or released by it", async () => {
    for (let round = 0; round < 5; round++) {
      await setStock(handle.db, jacket.id, 3, { size: "M", color: "Black" });
      const ada = await shopper();
      const [asked] = await Promise.allSettled([ask(ada.id), giveBack("L", "Black", 1)]);
      const mails = await mailsTo(ada.email);
      if (asked.status === "fulfilled") expect(mails).toHaveLength(1);
      else {
        expect(asked.reason).toMatchObject({ message: stockAlertTexts.inStock });
        expect(mails).toEqual([]);
      }
      expect(await waitingOf(ada.id)).toEqual([]);
    }
  });

  it("a new request after a spent one waits again", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await saveGrid({ "L/Black": 1 });
    await saveGrid({});
    expect(await ask(ada.id)).toBe("created");
    await saveGrid({ "L/Black": 1 });
    expect(await mailsTo(ada.email)).toHaveLength(2);
  });

  it("the sweep catches a restock no release saw (an old instance), and purges month-old spent requests", async () => {
    const ada = await shopper();
    await ask(ada.id);
    // As 0.4.0 would write it: stock without a release.
    await handle.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(
        and(
          eq(productVariants.productId, jacket.id),
          eq(productVariants.size, "L"),
          eq(productVariants.color, "Black"),
        ),
      );
    expect(await mailsTo(ada.email)).toEqual([]);
    expect((await alerts.sweep()).released).toBe(1);
    expect(await mailsTo(ada.email)).toHaveLength(1);
    expect((await alerts.sweep()).released).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect((await alerts.sweep(later)).purged).toBe(1);
    expect(await handle.db.select().from(stockAlerts).where(eq(stockAlerts.userId, ada.id))).toEqual([]);
  });
});

describe("unsubscribe and account deletion", () => {
  it("the token cancels its shopper's waiting requests only, twice harmlessly; a forged one nothing", async () => {
    const ada = await shopper();
    const eve = await shopper();
    await ask(ada.id);
    await ask(ada.id, { size: "L", color: "Cognac" });
    await ask(eve.id);
    const token = unsubscribeToken(restock.secret, ada.id);
    for (const forged of [
      `${eve.id}.${token.split(".")[1]}`,
      unsubscribeToken("another store's secret, long enough", ada.id),
      `${ada.id}.`,
      "",
      "x".repeat(5000),
      null,
    ]) {
      expect(alerts.tokenValid(forged)).toBe(false);
      expect(await alerts.unsubscribe(forged)).toBeNull();
    }
    expect(await waitingOf(ada.id)).toHaveLength(2);
    expect(alerts.tokenValid(token)).toBe(true);
    expect(await alerts.unsubscribe(token)).toBe(2);
    expect(await alerts.unsubscribe(token)).toBe(0);
    expect(await waitingOf(ada.id)).toEqual([]);
    expect(await waitingOf(eve.id)).toHaveLength(1);
  });

  it("deleting an account deletes its requests", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await handle.db.delete(users).where(eq(users.id, ada.id));
    expect(await handle.db.select().from(stockAlerts).where(eq(stockAlerts.userId, ada.id))).toEqual([]);
  });

  it("deleting a product deletes its requests", async () => {
    const ada = await shopper();
    await ask(ada.id);
    await handle.db.delete(products).where(eq(products.id, jacket.id));
    expect(await waitingOf(ada.id)).toEqual([]);
    expect(await handle.db.select().from(outbox).where(like(outbox.subject, "Back in stock%"))).toEqual([]);
  });
});
