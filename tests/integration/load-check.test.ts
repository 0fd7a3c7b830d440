import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ClientLedger,
  checkAnswers,
  checkInvariants,
  checkMemory,
  readStoreLedger,
  type StoreLedger,
  variantStockKey,
} from "../../bench/load-check";
import { products, productVariants } from "../../server/db/schema";
import { body, checkoutByRef, type PaymentsTest, type Shopper, shopper, startPaymentsTest } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The load test's verdict (bench/load-check.ts, `npm run load`): each invariant holds on a
 * consistent ledger and fails on a ledger that breaks it, and the store's side is read from a
 * real database after real sandbox payments.
 */

const P = "00000000-0000-4000-8000-000000000001";
const Q = "00000000-0000-4000-8000-000000000002";

const good = (): {
  client: ClientLedger;
  store: StoreLedger;
  initialStock: Record<string, number>;
  restocked: Record<string, number>;
} => ({
  client: {
    paid: [
      { ref: "cs_a", orderId: "o1", lines: [{ productId: P, quantity: 2 }] },
      {
        ref: "SANDBOXB",
        orderId: "o2",
        lines: [
          { productId: P, quantity: 1 },
          { productId: Q, quantity: 1 },
        ],
      },
    ],
    serverErrors: 0,
    unanswered: 0,
  },
  store: {
    orders: [
      { id: "o1", paymentId: "cs_a", checkoutId: "c1", items: [{ productId: P, quantity: 2 }] },
      {
        id: "o2",
        paymentId: "SANDBOXB",
        checkoutId: "c2",
        items: [
          { productId: P, quantity: 1 },
          { productId: Q, quantity: 1 },
        ],
      },
    ],
    completedCheckouts: ["c1", "c2"],
    // P: 3 + 2 restocked - 3 sold - 1 held = 1; Q: 10 - 1 = 9.
    stock: { [P]: 1, [Q]: 9 },
    held: { [P]: 1 },
    keptPayments: ["cs_a", "SANDBOXB"],
  },
  initialStock: { [P]: 3, [Q]: 10 },
  restocked: { [P]: 2 },
});

const failing = (input: ReturnType<typeof good>) =>
  checkInvariants(input)
    .filter((v) => !v.pass)
    .map((v) => v.name);

describe("checkInvariants", () => {
  it("passes a consistent run, naming every invariant", () => {
    const verdicts = checkInvariants(good());
    expect(verdicts.map((v) => [v.name, v.pass])).toEqual([
      ["no 5xx answers", true],
      ["every request answered", true],
      ["every paid checkout has exactly one order", true],
      ["no order nobody was told about", true],
      ["one completed checkout per order", true],
      ["no money kept without an order", true],
      ["final stock = initial + restocked - sold", true],
      ["no negative stock", true],
    ]);
  });

  it.each<[string, (run: ReturnType<typeof good>) => void, string[]]>([
    ["a 5xx answer", (r) => (r.client.serverErrors = 1), ["no 5xx answers"]],
    ["a request without an answer", (r) => (r.client.unanswered = 2), ["every request answered"]],
    [
      "a paid checkout without its order",
      (r) => {
        r.store.orders.pop();
        r.store.completedCheckouts.pop();
        r.store.stock[P] += 1;
        r.store.stock[Q] += 1;
      },
      [
        "every paid checkout has exactly one order",
        "no money kept without an order",
        "final stock = initial + restocked - sold",
      ],
    ],
    [
      "two orders for one payment",
      (r) => {
        r.store.orders.push({ ...r.store.orders[0], id: "o3", checkoutId: "c3" });
        r.store.completedCheckouts.push("c3");
        r.initialStock[P] += 2;
      },
      ["every paid checkout has exactly one order", "final stock = initial + restocked - sold"],
    ],
    [
      "an order the shopper was answered with another id",
      (r) => (r.client.paid[0].orderId = "other"),
      ["every paid checkout has exactly one order"],
    ],
    [
      "an order nobody was told about",
      (r) => {
        r.client.paid.pop();
      },
      ["no order nobody was told about", "final stock = initial + restocked - sold"],
    ],
    [
      "a completed checkout without an order",
      (r) => r.store.completedCheckouts.push("c9"),
      ["one completed checkout per order"],
    ],
    [
      "an order whose checkout is not completed",
      (r) => r.store.completedCheckouts.shift(),
      ["one completed checkout per order"],
    ],
    ["money kept without an order", (r) => r.store.keptPayments.push("cs_lost"), ["no money kept without an order"]],
    ["stock one piece off", (r) => (r.store.stock[Q] = 8), ["final stock = initial + restocked - sold"]],
    ["a hold not counted", (r) => (r.store.held = {}), ["final stock = initial + restocked - sold"]],
    [
      "negative stock",
      (r) => {
        r.initialStock[Q] = 0;
        r.store.stock[Q] = -1;
      },
      ["no negative stock"],
    ],
  ])("fails on %s", (_label, breakIt, names) => {
    const run = good();
    breakIt(run);
    expect(failing(run)).toEqual(names);
  });
});

describe("checkAnswers", () => {
  it.each<[string, { browse: Record<number, number>; buy: Record<number, number> }, boolean, string]>([
    [
      "pages and payments answered, races refused",
      { browse: { 200: 90 }, buy: { 200: 40, 302: 3, 409: 7 } },
      true,
      "2xx, 3xx and 409 only",
    ],
    ["a page not found", { browse: { 200: 90, 404: 2 }, buy: { 200: 1 } }, false, "browsing: 2 × 404"],
    ["a redirect while browsing", { browse: { 302: 1 }, buy: {} }, false, "browsing: 1 × 302"],
    ["a buyer rate-limited", { browse: {}, buy: { 200: 5, 429: 1 } }, false, "buying: 1 × 429"],
    ["a buyer's request refused as invalid", { browse: {}, buy: { 400: 3 } }, false, "buying: 3 × 400"],
  ])("%s", (_label, statuses, pass, detail) => {
    expect(checkAnswers(statuses)).toEqual({ name: "only expected answers", pass, detail });
  });
});

describe("checkMemory", () => {
  it.each([
    [168, 208, true],
    [168, 252, true],
    [168, 253, false],
    [100, 164, true],
    [100, 165, false],
    [300, 900, false],
  ])("idle %d MB, %d MB after the run and a full collection: back near idle is %s", (idleBeforeMB, afterGcMB, pass) => {
    const verdict = checkMemory({ idleBeforeMB, afterGcMB });
    expect(verdict.name).toBe("memory back near its idle level");
    expect(verdict.pass).toBe(pass);
    expect(verdict.detail).toContain(`${afterGcMB} MB`);
  });
});

describe("readStoreLedger", () => {
  let test: PaymentsTest;
  let ada: Shopper;
  let tee: string;

  beforeAll(async () => {
    test = await startPaymentsTest();
    ada = await shopper(test, "ada-ledger@example.com");
    [{ id: tee }] = await insertProducts(test.database.db, [
      { title: "Ledger Tee", sizes: [], colors: [], stockCount: 4 },
    ]);
  });
  afterAll(() => test.stop());

  it("reads orders, completed checkouts, stock, holds and kept payments; a consistent run passes, a changed stock fails", async () => {
    const before = await readStoreLedger(test.database.db);
    const initialStock = before.stock;
    expect(initialStock[tee]).toBe(4);

    // A card payment through the sandbox, as a browser makes it.
    const lines = [{ productId: tee, quantity: 2 }];
    const card = (await (await ada.browser.postJson("/api/create-stripe-session", body(ada, lines))).json()) as {
      id: string;
    };
    const paid = (await (await ada.browser.postJson(`/api/sandbox/checkout/${card.id}/pay`, {})).json()) as {
      status: string;
      orderId: string;
    };
    expect(paid.status).toBe("paid");
    // A wallet payment approved and held (stock taken), not yet captured.
    const wallet = (await (
      await ada.browser.postJson("/api/create-paypal-order", body(ada, [{ productId: tee, quantity: 1 }]))
    ).json()) as { id: string };
    await test.t.services.orders.reserveStock((await checkoutByRef(test.database, wallet.id)).id);

    const after = await readStoreLedger(test.database.db);
    expect(after.orders).toEqual([
      {
        id: paid.orderId,
        paymentId: card.id,
        checkoutId: expect.any(String),
        items: [{ ...lines[0], selectedSize: null, color: null }],
      },
    ]);
    expect(after.completedCheckouts).toEqual([after.orders[0].checkoutId]);
    expect(after.stock[tee]).toBe(1);
    expect(after.held).toEqual({ [tee]: 1 });
    expect(after.keptPayments).toEqual([card.id]);

    const client: ClientLedger = {
      paid: [{ ref: card.id, orderId: paid.orderId, lines }],
      serverErrors: 0,
      unanswered: 0,
    };
    expect(checkInvariants({ client, store: after, initialStock, restocked: {} }).filter((v) => !v.pass)).toEqual([]);

    // A product's total changed behind its variants' back.
    await test.database.db
      .update(products)
      .set({ stockCount: sql`${products.stockCount} + 1` })
      .where(eq(products.id, tee));
    const total = await readStoreLedger(test.database.db);
    expect(
      checkInvariants({ client, store: total, initialStock, restocked: {} })
        .filter((v) => !v.pass)
        .map((v) => v.name),
    ).toEqual(["each product's stock is the sum of its variants"]);
    // A variant's stock changed: one piece more than sold and restocked explain.
    await test.database.db
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + 1` })
      .where(eq(productVariants.productId, tee));
    const tampered = await readStoreLedger(test.database.db);
    expect(
      checkInvariants({ client, store: tampered, initialStock, restocked: {} })
        .filter((v) => !v.pass)
        .map((v) => v.name),
    ).toEqual(["final stock = initial + restocked - sold"]);
  });
});

describe("stock per size and colour in the ledger", () => {
  it("keeps each size and colour apart: a piece sold in M is not a piece of L", () => {
    const M = { productId: P, selectedSize: "M", color: "Black" };
    const L = { productId: P, selectedSize: "L", color: "Black" };
    const verdicts = checkInvariants({
      client: {
        paid: [{ ref: "PAY-V", orderId: "O-V", lines: [{ ...M, quantity: 1 }] }],
        serverErrors: 0,
        unanswered: 0,
      },
      store: {
        orders: [{ id: "O-V", paymentId: "PAY-V", checkoutId: "C-V", items: [{ ...M, quantity: 1 }] }],
        completedCheckouts: ["C-V"],
        // M should be 1 (2 - 1 sold), L 2: the piece was taken from L instead.
        stock: { [variantStockKey(M)]: 2, [variantStockKey(L)]: 1 },
        productTotals: { [P]: 3 },
        held: {},
        keptPayments: ["PAY-V"],
      },
      initialStock: { [variantStockKey(M)]: 2, [variantStockKey(L)]: 2 },
      restocked: {},
    });
    expect(verdicts.filter((v) => !v.pass).map((v) => v.name)).toEqual(["final stock = initial + restocked - sold"]);
  });
});
