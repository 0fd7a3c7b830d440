import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import {
  decodeStripeForm,
  signStripePayload,
  stripeAnswerProblems,
  stripeEventProblems,
  stripeRequestProblems,
} from "../contracts/stripe";
import { ContractLog } from "../contracts/violations";
import { type FakeRequest, type FakeResponse, type StartedFake, startJsonServer } from "./http-server";

/**
 * A local Stripe for the endpoints the store calls through the official package: Checkout
 * Sessions (create with form-encoded bodies, retrieve, expire) and refunds, with Idempotency-Key
 * replay. Tests pay sessions with markPaid() and sign webhook bodies with webhook().
 *
 * Every request is checked against Stripe's published document (tests/contracts/), and so are
 * every answer and every webhook event: a request that breaks it is answered 400 as Stripe would
 * and, like an answer or an event that breaks it, fails the test that made it.
 */

export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  payment_method_types: string[];
  automatic_tax: { enabled: boolean; status: null };
  custom_fields: unknown[];
  custom_text: { shipping_address: null; submit: null };
  shipping_options: { shipping_amount: number; shipping_rate: string }[];
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  line_items_params: unknown[];
}

export interface FakeStripe extends StartedFake {
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number; status: string }[];
  /** The shopper pays on Stripe's page. */
  markPaid(sessionId: string): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A webhook request body for an event about a session, and its Stripe-Signature header. */
  webhook(
    type: string,
    sessionId: string,
    options?: { timestamp?: number; secret?: string; eventId?: string },
  ): { body: string; signature: string };
}

const token = (n: number) => randomBytes(n).toString("base64url").replace(/[-_]/g, "x").slice(0, n);

/** Decodes Stripe's bracket notation (tests/contracts/stripe.ts). */
export const parseStripeForm = decodeStripeForm;

const invalid = (message: string, param?: string, code?: string, status = 400): FakeResponse => ({
  status,
  body: { error: { type: "invalid_request_error", message, param, code } },
});

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${token(24)}`;
  const webhookSecret = `whsec_${token(32)}`;
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeStripe["refunds"] = [];
  const replays = new Map<string, { body: string; response: FakeResponse }>();
  let baseUrl = "";
  const contract = new ContractLog("Stripe");
  const now = () => Math.floor(Date.now() / 1000);

  function view(session: FakeSession) {
    const { line_items_params: _omit, ...rest } = session;
    return rest;
  }

  function createSession(form: Record<string, unknown>): FakeResponse {
    if (form.mode !== "payment") return invalid("mode must be payment", "mode");
    const items =
      (form.line_items as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
      }[]) ?? [];
    if (!items.length) return invalid("line_items is required", "line_items");
    let subtotal = 0;
    for (const [i, item] of items.entries()) {
      const amount = Number(item.price_data?.unit_amount);
      const quantity = Number(item.quantity);
      if (item.price_data?.currency !== "usd")
        return invalid("currency must be usd", `line_items[${i}][price_data][currency]`);
      if (!Number.isInteger(amount) || amount < 0)
        return invalid("Invalid integer", `line_items[${i}][price_data][unit_amount]`);
      if (!Number.isInteger(quantity) || quantity < 1) return invalid("Invalid integer", `line_items[${i}][quantity]`);
      if (!item.price_data?.product_data?.name)
        return invalid("Missing required param", `line_items[${i}][price_data][product_data][name]`);
      subtotal += amount * quantity;
    }
    const shipping = (
      form.shipping_options as { shipping_rate_data?: { fixed_amount?: { amount?: string } } }[] | undefined
    )?.[0];
    const shippingAmount = Number(shipping?.shipping_rate_data?.fixed_amount?.amount ?? 0);
    const successUrl = String(form.success_url ?? "");
    if (!successUrl.includes("{CHECKOUT_SESSION_ID}"))
      return invalid("success_url should carry {CHECKOUT_SESSION_ID}", "success_url");
    const id = `cs_test_${token(40)}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: subtotal,
      amount_total: subtotal + shippingAmount,
      currency: "usd",
      client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      payment_intent: null,
      success_url: successUrl,
      cancel_url: String(form.cancel_url ?? ""),
      expires_at: Number(form.expires_at ?? now() + 86_400),
      created: now(),
      livemode: false,
      url: `${baseUrl}/c/pay/${id}`,
      payment_method_types: ["card"],
      automatic_tax: { enabled: false, status: null },
      custom_fields: [],
      custom_text: { shipping_address: null, submit: null },
      shipping_options: shipping ? [{ shipping_amount: shippingAmount, shipping_rate: `shr_${token(24)}` }] : [],
      total_details: { amount_discount: 0, amount_shipping: shippingAmount, amount_tax: 0 },
      line_items_params: items,
    };
    sessions.set(id, session);
    return { status: 200, body: view(session) };
  }

  function refund(form: Record<string, unknown>): FakeResponse {
    const intent = String(form.payment_intent ?? "");
    const session = [...sessions.values()].find((s) => s.payment_intent === intent);
    if (!session) return invalid(`No such payment_intent: '${intent}'`, "payment_intent", "resource_missing");
    const already = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? session.amount_total - already : Number(form.amount);
    if (amount + already > session.amount_total)
      return invalid("Refund amount is greater than unrefunded amount", "amount", "amount_too_large");
    const created = { id: `re_${token(24)}`, payment_intent: intent, amount, status: "succeeded" };
    refunds.push(created);
    return { status: 200, body: { object: "refund", currency: "usd", created: now(), ...created } };
  }

  function route(request: FakeRequest): FakeResponse {
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
    }
    const form = parseStripeForm(request.body);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === "POST" && request.path === "/v1/checkout/sessions") return createSession(form);
    if (request.method === "GET" && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]));
      return session
        ? { status: 200, body: view(session) }
        : invalid(`No such checkout.session: '${sessionMatch[1]}'`, "session", "resource_missing", 404);
    }
    if (request.method === "POST" && request.path === "/v1/refunds") return refund(form);
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === "POST" && expireMatch) {
      const session = sessions.get(decodeURIComponent(expireMatch[1]));
      if (!session) return invalid(`No such checkout.session: '${expireMatch[1]}'`, "session", "resource_missing", 404);
      if (session.status !== "open")
        return invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired, and this Checkout Session has a status of "${session.status}".`,
          undefined,
          "checkout_session_not_open",
        );
      session.status = "expired";
      session.url = null;
      return { status: 200, body: view(session) };
    }
    return invalid(`Unrecognized request URL (${request.method}: ${request.path})`, undefined, undefined, 404);
  }

  /** A request that breaks the document is answered as Stripe answers one: 400, naming what is wrong. */
  function checked(request: FakeRequest): FakeResponse {
    const problems = stripeRequestProblems(request, now());
    if (!problems.length) return replayed(request);
    contract.record(problems);
    return invalid(problems[0]);
  }

  const server = await startJsonServer((request) => {
    const answer = checked(request);
    contract.record(stripeAnswerProblems(request, answer));
    return answer;
  });
  baseUrl = server.url;

  function replayed(request: FakeRequest): FakeResponse {
    const key = request.headers["idempotency-key"];
    if (request.method === "POST" && typeof key === "string") {
      const seen = replays.get(key);
      if (seen) {
        // Stripe replays the first answer, and refuses the key with different parameters.
        if (seen.body !== request.body) {
          return {
            status: 400,
            body: {
              error: {
                type: "idempotency_error",
                message:
                  "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            },
          };
        }
        return seen.response;
      }
      const response = route(request);
      if (response.status < 500) replays.set(key, { body: request.body, response });
      return response;
    }
    return route(request);
  }

  const must = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    return session;
  };

  return {
    ...server,
    async stop() {
      await server.stop();
      contract.close();
    },
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    markPaid(sessionId) {
      const session = must(sessionId);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = `pi_${token(24)}`;
      session.url = null;
      return session;
    },
    expire(sessionId) {
      const session = must(sessionId);
      session.status = "expired";
      session.url = null;
      return session;
    },
    webhook(type, sessionId, options = {}) {
      const body = JSON.stringify({
        id: options.eventId ?? `evt_${token(24)}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: view(must(sessionId)) },
      });
      contract.record(stripeEventProblems(body).map((problem) => `webhook event: ${problem}`));
      // Signed as Stripe's documents describe it, not by the stripe package the store verifies with.
      const signature = signStripePayload(body, options.secret ?? webhookSecret, options.timestamp ?? now());
      return { body, signature };
    },
  };
}
