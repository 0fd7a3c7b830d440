import type { PaidCheckout } from "./load-check";
import type { LoadClient, Tally } from "./load-client";

/**
 * What the load test's shoppers do, in a loop until the time is up. Browsing shoppers walk the
 * catalogue as pages and as the `.data` requests client-side navigation makes; buyers put
 * products in a cart, have it priced and pay through the sandbox, alternating the card's hosted
 * page and the wallet's approve-and-capture, as the browser drives them (docs/architecture.md,
 * "The path of a purchase").
 */

export interface CatalogProduct {
  id: string;
  category: string;
  sizes: string[];
  colors: string[];
}

export interface Line {
  productId: string;
  selectedSize: string | null;
  color: string | null;
  quantity: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

export function lineOf(product: CatalogProduct, quantity: number): Line {
  return { productId: product.id, selectedSize: product.sizes[0] ?? null, color: product.colors[0] ?? null, quantity };
}

/** The addresses a browsing shopper asks for, in the mix a visitor makes them. */
export function browsePaths(catalog: {
  products: CatalogProduct[];
  categories: string[];
  searches: string[];
}): (() => string)[] {
  const product = () => pick(catalog.products).id;
  const category = () => encodeURIComponent(pick(catalog.categories));
  const search = () => encodeURIComponent(pick(catalog.searches));
  return [
    () => "/",
    () => `/?category=${category()}`,
    () => `/?q=${search()}`,
    () => `/product/${product()}`,
    () => `/product/${product()}`,
    () => "/_root.data",
    () => `/_root.data?category=${category()}`,
    () => `/_root.data?q=${search()}`,
    () => `/product/${product()}.data`,
  ];
}

export async function browse(
  client: LoadClient,
  paths: (() => string)[],
  until: number,
  thinkMs: number,
): Promise<void> {
  while (Date.now() < until) {
    await client.request("GET", pick(paths)());
    if (thinkMs) await sleep(Math.random() * thinkMs);
  }
}

export interface Buyer {
  client: LoadClient;
  addressId: string;
}

interface Refusal {
  code?: string;
  status?: string;
  message?: string;
  orderId?: string;
  id?: string;
}

/**
 * One buyer's loop. A cart holds one of the scarce products most of the time (that is where
 * buyers compete for the last pieces) and one plentiful product some of the time. A paid
 * answer is recorded with its lines; a refusal is counted under its code.
 */
export async function buy(
  buyer: Buyer,
  shop: { scarce: CatalogProduct[]; plentiful: CatalogProduct[] },
  until: number,
  tally: Tally,
  paid: PaidCheckout[],
): Promise<void> {
  const { client } = buyer;
  let round = 0;
  while (Date.now() < until) {
    round += 1;
    const lines: Line[] = [];
    if (Math.random() < 0.8) lines.push(lineOf(pick(shop.scarce), 1));
    if (!lines.length || Math.random() < 0.4) lines.push(lineOf(pick(shop.plentiful), Math.random() < 0.3 ? 2 : 1));

    await client.request("GET", `/product/${lines[0].productId}`, { readBody: false });
    const quote = await client.json("POST", "/api/cart/quote", { lines });
    if (!quote) continue;
    const checkout = { lines, shippingAddressId: buyer.addressId, sameAsShipping: true };
    // Size and colour too: the store keeps stock per variant (docs/decisions/032-stock-per-variant.md).
    const pieces = lines.map((l) => ({
      productId: l.productId,
      selectedSize: l.selectedSize,
      color: l.color,
      quantity: l.quantity,
    }));

    if (round % 2 === 1) {
      const start = await client.json<Refusal & { id: string }>("POST", "/api/create-stripe-session", checkout);
      if (!start) continue;
      if (start.status !== 200) {
        tally.outcome(`card start refused ${start.status}: ${start.body?.code ?? "?"}`);
        await sleep(100);
        continue;
      }
      const session = start.body.id;
      await client.request("GET", `/sandbox/checkout/${session}`, { readBody: false });
      const pay = await client.json<Refusal>("POST", `/api/sandbox/checkout/${session}/pay`, {});
      if (!pay) continue;
      if (pay.status === 200 && pay.body?.status === "paid" && pay.body.orderId) {
        paid.push({ ref: session, orderId: pay.body.orderId, lines: pieces });
        tally.outcome("card paid");
        await client.request("GET", `/payment-success?session_id=${session}`, { readBody: false });
      } else {
        tally.outcome(`card payment ${pay.status}: ${pay.body?.status ?? pay.body?.code ?? "?"}`);
      }
    } else {
      const start = await client.json<Refusal & { id: string }>("POST", "/api/create-paypal-order", checkout);
      if (!start) continue;
      if (start.status !== 200) {
        tally.outcome(`wallet start refused ${start.status}: ${start.body?.code ?? "?"}`);
        await sleep(100);
        continue;
      }
      const order = start.body.id;
      await client.request("GET", `/sandbox/paypal/${order}`, { readBody: false });
      const approved = await client.json("POST", `/api/sandbox/paypal/${order}/approve`, {});
      if (!approved) continue;
      const capture = await client.json<Refusal>("POST", "/api/capture-paypal-order", { orderId: order });
      if (!capture) continue;
      if (capture.status === 200 && capture.body?.status === "COMPLETED" && capture.body.orderId) {
        paid.push({ ref: order, orderId: capture.body.orderId, lines: pieces });
        tally.outcome("wallet paid");
      } else {
        tally.outcome(`wallet capture ${capture.status}: ${capture.body?.code ?? capture.body?.status ?? "?"}`);
      }
    }
    if (round % 5 === 0) await client.request("GET", "/orders", { readBody: false });
  }
}
