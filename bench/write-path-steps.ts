/**
 * The write path's buyers (bench/write-path.ts): each pays with the sandbox card as the browser
 * drives it (start, the hosted page, Pay) and then watches the purchase land: its order row,
 * the variant's stock, the confirmation e-mail in the outbox. Every step is timed on its own.
 */
import type { PaidCheckout } from "./load-check";
import { type LoadClient, percentile } from "./load-client";
import type { Line } from "./load-shoppers";

export const STEPS = ["start", "hosted page", "pay", "order row", "stock", "e-mail queued", "end to end"] as const;
export type Step = (typeof STEPS)[number];

/** How the bench sees a purchase land; a check the database does not allow while the store runs is absent. */
export interface Observer {
  order(orderId: string, buyer: WriteBuyer): Promise<boolean>;
  /** The variant's stock is `expected` now. */
  stock?(line: Line, expected: number): Promise<boolean>;
  /** The order's confirmation e-mail is in the outbox. */
  mail?(orderId: string, buyer: WriteBuyer): Promise<boolean>;
}

export interface WriteBuyer {
  email: string;
  client: LoadClient;
  addressId: string;
}

export class StepTimes {
  samples = new Map<Step, number[]>(STEPS.map((s) => [s, []]));
  /** Purchases whose order, stock or e-mail the bench did not see within its patience. */
  unseen: string[] = [];

  add(step: Step, ms: number) {
    this.samples.get(step)?.push(ms);
  }

  rows() {
    return STEPS.filter((s) => this.samples.get(s)?.length).map((step) => {
      const values = this.samples.get(step) ?? [];
      return { step, count: values.length, p50Ms: percentile(values, 50), p99Ms: percentile(values, 99) };
    });
  }
}

const PATIENCE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds until `check` is true (asked again every 2 ms), or null after PATIENCE_MS. */
async function until(check: () => Promise<boolean>): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < PATIENCE_MS) {
    if (await check()) return performance.now() - started;
    await sleep(2);
  }
  return null;
}

export type Attempt =
  | { kind: "paid"; paid: PaidCheckout }
  | { kind: "refused at start"; code: string }
  | { kind: "refunded"; code: string }
  | { kind: "other"; detail: string };

interface Answer {
  id?: string;
  outcome?: string;
  status?: string;
  code?: string;
  orderId?: string;
}

/**
 * One purchase of `line` by `buyer`, timed per step. `stockAfter` is what the variant's stock
 * must be once this order is in (the bench knows it when the buyer is alone on its product).
 */
export async function purchase(
  buyer: WriteBuyer,
  line: Line,
  observer: Observer,
  times: StepTimes,
  stockAfter?: number,
): Promise<Attempt> {
  const { client } = buyer;
  const began = performance.now();
  const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    times.add(step, performance.now() - t);
    return result;
  };
  const checkout = { lines: [line], shippingAddressId: buyer.addressId, sameAsShipping: true };
  const start = await timed("start", () => client.json<Answer>("POST", "/api/create-stripe-session", checkout));
  if (!start) return { kind: "other", detail: "start unanswered" };
  if (start.status !== 200 || !start.body?.id)
    return { kind: "refused at start", code: `${start.status} ${start.body?.code ?? "?"}` };
  const ref = start.body.id;
  await timed("hosted page", () => client.request("GET", `/sandbox/checkout/${ref}`, { readBody: false }));
  const pay = await timed("pay", () => client.json<Answer>("POST", `/api/sandbox/checkout/${ref}/pay`, {}));
  if (!pay) return { kind: "other", detail: "pay unanswered" };
  if (pay.status === 200 && pay.body?.outcome === "refunded") return { kind: "refunded", code: pay.body.code ?? "?" };
  if (pay.status !== 200 || pay.body?.outcome !== "paid" || !pay.body.orderId)
    return { kind: "other", detail: `pay ${pay.status}: ${pay.body?.outcome ?? pay.body?.code ?? "?"}` };
  const orderId = pay.body.orderId;
  // Seen in parallel, each timed from Pay's answer: what is in one transaction shows at once.
  const seen = await Promise.all([
    until(() => observer.order(orderId, buyer)),
    observer.stock && stockAfter !== undefined ? until(() => observer.stock!(line, stockAfter)) : undefined,
    observer.mail ? until(() => observer.mail!(orderId, buyer)) : undefined,
  ]);
  (["order row", "stock", "e-mail queued"] as const).forEach((step, i) => {
    const ms = seen[i];
    if (ms === undefined) return;
    if (ms === null) times.unseen.push(`${step} of order ${orderId}`);
    else times.add(step, ms);
  });
  times.add("end to end", performance.now() - began);
  return { kind: "paid", paid: { ref, orderId, lines: [line] } };
}

/** A buyer alone on its product, buying one piece after another until `untilMs`; each order is watched land. */
export async function buyInLoop(
  buyer: WriteBuyer,
  line: Line,
  initialStock: number,
  observer: Observer,
  times: StepTimes,
  untilMs: number,
): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let sold = 0;
  while (Date.now() < untilMs) {
    const attempt = await purchase(buyer, line, observer, times, initialStock - sold - 1);
    if (attempt.kind === "paid") sold += 1;
    attempts.push(attempt);
    if (attempt.kind !== "paid") await sleep(50);
  }
  return attempts;
}
