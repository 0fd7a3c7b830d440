/**
 * The load test's verdict (`npm run load`, docs/performance.md "Load test"): what the shoppers saw
 * from the outside, set against what the database holds afterwards. Correctness only, never
 * timing: a failed invariant fails the run, however fast it was.
 */
import type { Database } from "../server/db/client";
import { checkouts, orders, products, productVariants, sandboxPayments } from "../server/db/schema";

/** Pieces of one product, in one size and colour (stock is kept per variant, docs/decisions/032-stock-per-variant.md). */
export interface Pieces {
  productId: string;
  selectedSize?: string | null;
  color?: string | null;
  quantity: number;
}

/** The ledger's key of a variant: the product's id alone for its one variant without size or colour, else id/size/colour. */
export function variantStockKey(pieces: Omit<Pieces, "quantity">): string {
  const size = pieces.selectedSize ?? null;
  const color = pieces.color ?? null;
  return size === null && color === null ? pieces.productId : `${pieces.productId}/${size ?? "-"}/${color ?? "-"}`;
}

/** A payment the shopper was told is paid: the provider's reference, the order named in the answer, the lines bought. */
export interface PaidCheckout {
  ref: string;
  orderId: string;
  lines: Pieces[];
}

/** What the shoppers counted from their side. */
export interface ClientLedger {
  paid: PaidCheckout[];
  /** Answers with a status of 500 or more. */
  serverErrors: number;
  /** Requests that got no answer at all (connection refused or reset, timed out). */
  unanswered: number;
}

/** What the database says afterwards. */
export interface StoreLedger {
  orders: { id: string; paymentId: string; checkoutId: string; items: Pieces[] }[];
  /** Checkouts marked completed, by id. */
  completedCheckouts: string[];
  /** Stock now, by variant (variantStockKey). */
  stock: Record<string, number>;
  /** Each product's stock_count, which must be the sum of its variants' stock. */
  productTotals?: Record<string, number>;
  /** Pieces still held by an unfinished wallet capture (taken from stock, no order yet), by variant. */
  held: Record<string, number>;
  /** Provider payments that took money (captured or paid) and were not refunded, by their id. */
  keptPayments: string[];
}

export interface Verdict {
  name: string;
  pass: boolean;
  detail: string;
}

const sumByVariant = (lists: Pieces[][]): Map<string, number> => {
  const totals = new Map<string, number>();
  for (const list of lists)
    for (const p of list) totals.set(variantStockKey(p), (totals.get(variantStockKey(p)) ?? 0) + p.quantity);
  return totals;
};

const few = (items: string[]) =>
  items.length > 5 ? `${items.slice(0, 5).join(", ")} and ${items.length - 5} more` : items.join(", ");

/**
 * Every invariant of the run. `initialStock` is the stock when the shoppers started (for every
 * variant, keyed by variantStockKey), `restocked` the pieces the run added to it meanwhile.
 */
export function checkInvariants(input: {
  client: ClientLedger;
  store: StoreLedger;
  initialStock: Record<string, number>;
  restocked: Record<string, number>;
}): Verdict[] {
  const { client, store, initialStock, restocked } = input;
  const verdicts: Verdict[] = [];
  const add = (name: string, problems: string[], ok: string) =>
    verdicts.push({ name, pass: problems.length === 0, detail: problems.length ? few(problems) : ok });

  add(
    "no 5xx answers",
    client.serverErrors ? [`${client.serverErrors} answer(s) with status 500 or more`] : [],
    "none",
  );
  add("every request answered", client.unanswered ? [`${client.unanswered} request(s) got no answer`] : [], "all");

  const ordersByPayment = new Map<string, StoreLedger["orders"]>();
  for (const order of store.orders)
    ordersByPayment.set(order.paymentId, [...(ordersByPayment.get(order.paymentId) ?? []), order]);
  const paidProblems: string[] = [];
  const paidRefs = new Set<string>();
  for (const paid of client.paid) {
    if (paidRefs.has(paid.ref)) paidProblems.push(`${paid.ref} was answered "paid" twice`);
    paidRefs.add(paid.ref);
    const found = ordersByPayment.get(paid.ref) ?? [];
    if (found.length !== 1) paidProblems.push(`${paid.ref} has ${found.length} orders`);
    else if (found[0].id !== paid.orderId)
      paidProblems.push(`${paid.ref} was answered with order ${paid.orderId}, the database has ${found[0].id}`);
  }
  add(
    "every paid checkout has exactly one order",
    paidProblems,
    `${client.paid.length} paid, ${client.paid.length} orders`,
  );

  const unseen = store.orders
    .filter((o) => !paidRefs.has(o.paymentId))
    .map((o) => `order ${o.id} (payment ${o.paymentId})`);
  add("no order nobody was told about", unseen, `${store.orders.length} orders, all answered "paid"`);

  const completed = new Set(store.completedCheckouts);
  const orderCheckouts = new Set(store.orders.map((o) => o.checkoutId));
  const checkoutProblems = [
    ...store.completedCheckouts
      .filter((id) => !orderCheckouts.has(id))
      .map((id) => `checkout ${id} is completed without an order`),
    ...store.orders.filter((o) => !completed.has(o.checkoutId)).map((o) => `order ${o.id}'s checkout is not completed`),
    ...[...orderCheckouts]
      .filter((id) => store.orders.filter((o) => o.checkoutId === id).length > 1)
      .map((id) => `checkout ${id} has several orders`),
  ];
  add("one completed checkout per order", checkoutProblems, `${completed.size} completed checkouts`);

  const kept = store.keptPayments
    .filter((id) => !ordersByPayment.has(id))
    .map((id) => `payment ${id} kept without an order`);
  add("no money kept without an order", kept, `${store.keptPayments.length} kept payments, each with its order`);

  const soldInStore = sumByVariant(store.orders.map((o) => o.items));
  const soldToClients = sumByVariant(client.paid.map((p) => p.lines));
  const stockProblems: string[] = [];
  const productIds = new Set([...Object.keys(initialStock), ...Object.keys(store.stock)]);
  for (const id of productIds) {
    const expected =
      (initialStock[id] ?? 0) + (restocked[id] ?? 0) - (soldInStore.get(id) ?? 0) - (store.held[id] ?? 0);
    const actual = store.stock[id];
    if (actual !== expected) stockProblems.push(`${id}: ${actual ?? "missing"}, expected ${expected}`);
    if ((soldInStore.get(id) ?? 0) !== (soldToClients.get(id) ?? 0)) {
      stockProblems.push(
        `${id}: ${soldInStore.get(id) ?? 0} sold in orders, ${soldToClients.get(id) ?? 0} in the paid answers`,
      );
    }
  }
  const units = [...soldInStore.values()].reduce((a, b) => a + b, 0);
  add("final stock = initial + restocked - sold", stockProblems, `${productIds.size} variants, ${units} pieces sold`);

  if (store.productTotals) {
    const sums = new Map<string, number>();
    for (const [key, stock] of Object.entries(store.stock))
      sums.set(key.split("/")[0], (sums.get(key.split("/")[0]) ?? 0) + stock);
    const off = Object.entries(store.productTotals)
      .filter(([id, total]) => total !== (sums.get(id) ?? 0))
      .map(([id, total]) => `${id}: ${total}, its variants ${sums.get(id) ?? 0}`);
    add("each product's stock is the sum of its variants", off, `${Object.keys(store.productTotals).length} products`);
  }

  const negative = Object.entries(store.stock)
    .filter(([, stock]) => stock < 0)
    .map(([id, stock]) => `${id}: ${stock}`);
  add("no negative stock", negative, "none");
  return verdicts;
}

/**
 * Every answer is one a shopper can meet: browsing pages answer 2xx; a buyer may also be sent
 * on (3xx) or refused with 409 (sold out, refunded, replaced). Anything else (a 404 for a page
 * the run thinks exists, a 429, a 400) means the run or the store is wrong, even without a 5xx.
 */
export function checkAnswers(statuses: { browse: Record<number, number>; buy: Record<number, number> }): Verdict {
  const unexpected = [
    ...Object.entries(statuses.browse)
      .filter(([status]) => Number(status) >= 300)
      .map(([status, n]) => `browsing: ${n} × ${status}`),
    ...Object.entries(statuses.buy)
      .filter(([status]) => Number(status) >= 400 && Number(status) !== 409)
      .map(([status, n]) => `buying: ${n} × ${status}`),
  ];
  return {
    name: "only expected answers",
    pass: unexpected.length === 0,
    detail: unexpected.length ? unexpected.join(", ") : "2xx, 3xx and 409 only",
  };
}

/**
 * How far above its idle RSS the server may stay once the crowd has gone and a full garbage
 * collection has run: half as much again, or 64 MB on a small process. JIT code, caches and the
 * allocator keep some; a leak keeps what it took, and grows with the run.
 */
export function memoryLimitMB(idleMB: number): number {
  return Math.round(idleMB + Math.max(idleMB * 0.5, 64));
}

export function checkMemory(memory: { idleBeforeMB: number; afterGcMB: number }): Verdict {
  const limit = memoryLimitMB(memory.idleBeforeMB);
  return {
    name: "memory back near its idle level",
    pass: memory.afterGcMB <= limit,
    detail: `${memory.afterGcMB} MB after the rest and a full collection, idle ${memory.idleBeforeMB} MB, at most ${limit} MB`,
  };
}

/** Reads the store's side of the ledger (PostgreSQL or PGlite, through the store's own schema). */
export async function readStoreLedger(db: Database): Promise<StoreLedger> {
  const [orderRows, checkoutRows, stockRows, totalRows, paymentRows] = await Promise.all([
    db
      .select({ id: orders.id, paymentId: orders.paymentId, checkoutId: orders.checkoutId, items: orders.items })
      .from(orders),
    db
      .select({
        id: checkouts.id,
        status: checkouts.status,
        lines: checkouts.lines,
        reservedAt: checkouts.stockReservedAt,
      })
      .from(checkouts),
    db
      .select({
        productId: productVariants.productId,
        selectedSize: productVariants.size,
        color: productVariants.color,
        stock: productVariants.stock,
      })
      .from(productVariants),
    db.select({ id: products.id, stock: products.stockCount }).from(products),
    db
      .select({ id: sandboxPayments.id, captureId: sandboxPayments.captureId, refundedAt: sandboxPayments.refundedAt })
      .from(sandboxPayments),
  ]);
  // A hold is released (stockReservedAt cleared) or used by its order (completed): any other still holds its pieces.
  const held = sumByVariant(
    checkoutRows.filter((c) => c.reservedAt !== null && c.status !== "completed").map((c) => c.lines),
  );
  return {
    orders: orderRows.map((o) => ({
      ...o,
      items: o.items.map((i) => ({
        productId: i.productId,
        selectedSize: i.selectedSize,
        color: i.color,
        quantity: i.quantity,
      })),
    })),
    completedCheckouts: checkoutRows.filter((c) => c.status === "completed").map((c) => c.id),
    stock: Object.fromEntries(stockRows.map((r) => [variantStockKey(r), r.stock])),
    productTotals: Object.fromEntries(totalRows.map((r) => [r.id, r.stock])),
    held: Object.fromEntries(held),
    keptPayments: paymentRows.filter((p) => p.captureId !== null && p.refundedAt === null).map((p) => p.id),
  };
}
