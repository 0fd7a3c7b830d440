import { createHmac, timingSafeEqual } from "node:crypto";
import type { FakeRequest, FakeResponse } from "../fakes/http-server";
import { Contract } from "./openapi";

/**
 * Stripe's document (stripe/openapi, spec3) as checks of one exchange with the fake, of a webhook
 * event, and of the Stripe-Signature scheme, written here from Stripe's description of it (not
 * taken from the stripe package, which the store itself uses to verify).
 */

export const stripeContract = new Contract("stripe");

/** Decodes Stripe's form encoding (bracket notation): line_items[0][price_data][currency]=usd. */
export function decodeStripeForm(body: string | URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const entries = typeof body === "string" ? new URLSearchParams(body) : body;
  for (const [key, value] of entries) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** Idempotency keys the stripe package makes up when the caller gave none (maxNetworkRetries > 0). */
const PACKAGE_KEY = /^stripe-node-retry-/;

/** The stripe package names itself in User-Agent; requests a test sends by hand (a dashboard action) do not. */
const fromStore = (request: FakeRequest) => /^Stripe\//.test(String(request.headers["user-agent"] ?? ""));

/** `expires_at`: "anywhere from 30 minutes to 24 hours after Checkout Session creation". */
export const EXPIRY_WINDOW_S = { min: 30 * 60, max: 24 * 60 * 60 } as const;

/** Rules Stripe states in words for the parameters the store sends. `now` is the moment of creation. */
export function sessionParamProblems(params: Record<string, unknown>, now: number): string[] {
  const problems: string[] = [];
  const expiresAt = Number(params.expires_at);
  if (params.expires_at !== undefined) {
    const after = expiresAt - now;
    // A second of slack each side: the store and the fake read the clock at different moments.
    if (!(after >= EXPIRY_WINDOW_S.min - 1 && after <= EXPIRY_WINDOW_S.max + 1))
      problems.push(`expires_at is ${after} s after creation; Stripe takes 30 minutes to 24 hours`);
  }
  const items = (params.line_items as Record<string, unknown>[] | undefined) ?? [];
  if (params.mode === "payment" && items.length > 100) problems.push("more than 100 line_items in payment mode");
  const shipping = (params.shipping_options as unknown[] | undefined) ?? [];
  if (shipping.length > 5) problems.push("more than 5 shipping_options");
  items.forEach((item, i) => {
    const price = item.price_data as { currency?: string; product_data?: { images?: string[] } } | undefined;
    // "Three-letter ISO currency code, in lowercase."
    if (price?.currency !== undefined && !/^[a-z]{3}$/.test(price.currency))
      problems.push(`line_items[${i}].price_data.currency ${price.currency} is not a lowercase ISO code`);
    for (const image of price?.product_data?.images ?? []) {
      // product_data.images: "A list of URLs of images for this product, meant to be displayable to the customer."
      if (!/^https?:\/\/[^/]+\//.test(image)) problems.push(`line_items[${i}] image ${image} is not an absolute URL`);
    }
  });
  for (const [where, metadata] of metadataOf(params)) problems.push(...metadataProblems(where, metadata));
  return problems;
}

function metadataOf(params: Record<string, unknown>): [string, unknown][] {
  const found: [string, unknown][] = [["metadata", params.metadata]];
  found.push(["payment_intent_data.metadata", (params.payment_intent_data as { metadata?: unknown })?.metadata]);
  const items = (params.line_items as { price_data?: { product_data?: { metadata?: unknown } } }[]) ?? [];
  for (const [i, item] of items.entries())
    found.push([`line_items[${i}].price_data.product_data.metadata`, item.price_data?.product_data?.metadata]);
  return found.filter(([, metadata]) => metadata !== undefined);
}

/** Stripe's metadata: up to 50 keys, key names up to 40 characters, values up to 500 (the metadata page the document links). */
function metadataProblems(where: string, metadata: unknown): string[] {
  if (typeof metadata !== "object" || metadata === null) return [];
  const entries = Object.entries(metadata);
  const problems = entries.length > 50 ? [`${where} has more than 50 keys`] : [];
  for (const [key, value] of entries) {
    if (key.length > 40) problems.push(`${where} key ${key} is longer than 40 characters`);
    if (String(value).length > 500) problems.push(`${where}.${key} is longer than 500 characters`);
  }
  return problems;
}

/** What is wrong with a request sent to the fake Stripe. `now` is the fake's clock, in seconds. */
export function stripeRequestProblems(request: FakeRequest, now: number): string[] {
  const found = stripeContract.operation(request.method, request.path);
  if (!found) return [`${request.method} ${request.path} is not an operation the store uses from Stripe's document`];
  const problems: string[] = [];
  if (!/^Bearer sk_(test|live)_/.test(String(request.headers.authorization ?? "")))
    problems.push(`${found.key}: the secret key goes in a Bearer Authorization header`);
  const key = request.headers["idempotency-key"];
  if (request.method === "POST" && fromStore(request)) {
    if (typeof key !== "string") problems.push(`${found.key}: the store's POST carries no Idempotency-Key`);
    else if (PACKAGE_KEY.test(key))
      problems.push(`${found.key}: Idempotency-Key ${key} is the package's, not the store's own`);
  }
  if (typeof key === "string" && key.length > 255)
    problems.push(`${found.key}: Idempotency-Key longer than 255 characters`);
  const params = decodeStripeForm(request.method === "GET" ? request.query : request.body);
  problems.push(
    ...stripeContract.checkRequest(found.key, {
      params: found.params,
      headers: request.headers,
      body: params,
      contentType: request.method === "POST" ? String(request.headers["content-type"] ?? "") : undefined,
    }),
  );
  if (found.key === "POST /v1/checkout/sessions")
    problems.push(...sessionParamProblems(params, now).map((problem) => `${found.key}: ${problem}`));
  // refunds.amount: "A positive integer representing how much to refund."
  if (found.key === "POST /v1/refunds" && params.amount !== undefined && !/^[1-9]\d*$/.test(String(params.amount)))
    problems.push(`${found.key}: amount ${String(params.amount)} is not a positive integer`);
  return problems;
}

export function stripeAnswerProblems(request: FakeRequest, response: FakeResponse): string[] {
  const found = stripeContract.operation(request.method, request.path);
  return found ? stripeContract.checkResponse(found.key, response.status, response.body) : [];
}

/** The checkout.session event types the store listens to (Stripe's list of event types). */
export const SESSION_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
] as const;

/** What is wrong with a webhook body: an Event whose data.object is the Checkout Session it is about. */
export function stripeEventProblems(body: string): string[] {
  const event = JSON.parse(body) as { type?: string; data?: { object?: unknown } };
  const problems = stripeContract.checkSchema("event", event);
  if (!SESSION_EVENTS.includes(event.type as (typeof SESSION_EVENTS)[number]))
    problems.push(`event type ${event.type} is not a checkout.session event`);
  problems.push(...stripeContract.checkSchema("checkout.session", event.data?.object).map((p) => `data.object: ${p}`));
  return problems;
}

/** Stripe-Signature as Stripe describes it: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint secret>. */
export function signStripePayload(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** Checks a Stripe-Signature header: any v1 matches, and t is within `toleranceS` of now (Stripe's libraries use 300 s). */
export function verifyStripeSignature(
  header: string,
  body: string,
  secret: string,
  now: number,
  toleranceS = 300,
): "valid" | "malformed" | "mismatch" | "too old" {
  const pairs = header.split(",").map((pair) => pair.split("=", 2) as [string, string]);
  const timestamp = Number(pairs.find(([k]) => k === "t")?.[1]);
  const signatures = pairs.filter(([k, v]) => k === "v1" && /^[0-9a-f]{64}$/.test(v ?? "")).map(([, v]) => v);
  if (!Number.isInteger(timestamp) || signatures.length === 0) return "malformed";
  const expected = Buffer.from(signStripePayload(body, secret, timestamp).split("v1=")[1], "hex");
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected))) return "mismatch";
  return Math.abs(now - timestamp) > toleranceS ? "too old" : "valid";
}
