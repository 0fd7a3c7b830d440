import { randomBytes } from "node:crypto";
import { type FakeRequest, type FakeResponse, type StartedFake, startJsonServer } from "./http-server";
import { centsToDecimalString } from "../../domain/money";
import { paypalAnswerProblems, paypalError, paypalRequestProblems } from "../contracts/paypal";
import { ContractLog } from "../contracts/violations";

/**
 * A local PayPal speaking the parts of the REST API the store uses: OAuth2 client-credentials
 * tokens, Orders v2 (create, get, capture) and capture refunds, with state. Orders go CREATED ->
 * APPROVED (the buyer's step, done by tests through approve()) -> COMPLETED on capture; a
 * capture can be scripted to be declined, pending, or to complete while its response is lost.
 * A request repeated with the same PayPal-Request-Id gets the first response again.
 *
 * Every request is checked against PayPal's published documents (tests/contracts/), and so is
 * every answer: a request that breaks them is answered as PayPal would (400, or 422 with the
 * document's issue) and, like an answer that breaks them, fails the test that made it.
 *
 * The credentials belong to one merchant account (`merchant`): an order made without a payee
 * is that account's, as PayPal fills `purchase_units[].payee` with the API caller's account
 * (openapi/checkout_orders_v2.json, `payee_base`: `merchant_id` and `email_address`).
 */

export type CaptureOutcome =
  /** 201, order COMPLETED, capture COMPLETED. */
  | "COMPLETED"
  /** 201, order COMPLETED, capture DECLINED. */
  | "DECLINED"
  /** 201, order COMPLETED, capture PENDING (e.g. an eCheck). */
  | "PENDING"
  /** 422 INSTRUMENT_DECLINED: nothing captured, the buyer may choose another funding source. */
  | "INSTRUMENT_DECLINED"
  /** The capture happens, then the answer is a 500: as if the store crashed or the network dropped. */
  | "LOST_RESPONSE";

export interface FakeCapture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  /** PayPal repeats the purchase unit's custom_id on each capture. */
  custom_id?: string;
}

export interface FakePaypalOrder {
  id: string;
  status: string;
  body: Record<string, unknown>;
  amount: { currency_code: string; value: string };
  capture?: FakeCapture;
  outcome: CaptureOutcome;
}

/** `purchase_units[].payee` as PayPal reports it. */
export interface FakePayee {
  merchant_id?: string;
  email_address?: string;
}

export interface FakePaypal extends StartedFake {
  clientId: string;
  clientSecret: string;
  /** The merchant account behind clientId and clientSecret. */
  merchant: Required<FakePayee>;
  orders: Map<string, FakePaypalOrder>;
  /** `amount` is what went back; `requestedAmount` what the store asked for (null: the whole capture). */
  refunds: { id: string; captureId: string; amount: unknown; requestedAmount: unknown }[];
  /**
   * An order made the way PayPal's JS SDK makes one in the browser (actions.order.create),
   * with whatever amount and custom_id the page (or anyone holding the public client id) chose.
   */
  createInBrowser(options: { value: string; currency?: string; customId?: string; payee?: FakePayee }): string;
  tokensIssued(): number;
  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void;
  scriptCapture(orderId: string, outcome: CaptureOutcome): void;
  /** Captures without the store asking: a payment completed while the store was down. */
  captureOutOfBand(orderId: string): void;
  /** Expires every issued token, as PayPal does after expires_in. */
  revokeTokens(): void;
  /** Makes the next n calls to any endpoint fail with a 503. */
  failNext(n: number): void;
  /** Makes the next order creation answer `status` with PayPal's error body for it (a 4xx refusal, a 5xx outage). */
  failNextCreate(status: number, name?: string, issue?: string): void;
}

/** PayPal's account ids: 13 characters of 2-9 and capitals without I and O (`account_id` in the Orders v2 document). */
const accountId = () => Array.from(randomBytes(13), (byte) => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[byte % 32]).join("");

const id = (length = 17) => randomBytes(length).toString("hex").toUpperCase().slice(0, length);
const error = (status: number, name: string, issue?: string): FakeResponse => ({
  status,
  body: { name, message: name, debug_id: id(13).toLowerCase(), details: issue ? [{ issue, description: issue }] : [] },
});

/** Answers in PayPal's words: the name, message and issue description its document gives the status. */
function documented(request: FakeRequest, response: FakeResponse): FakeResponse {
  const body = response.body as { name?: string; debug_id?: string; details?: { issue?: string }[] } | undefined;
  if (response.status < 400 || request.path === "/v1/oauth2/token" || typeof body?.name !== "string") return response;
  return paypalError(request, response.status, body.details?.[0]?.issue, body.debug_id, body.name);
}

function cents(value: unknown): number | null {
  return typeof value === "string" && /^\d+(\.\d{2})?$/.test(value) ? Math.round(Number(value) * 100) : null;
}

export async function startFakePaypal(options: { tokenTtlSeconds?: number } = {}): Promise<FakePaypal> {
  const clientId = `fake-client-${id(6)}`;
  const clientSecret = `fake-secret-${id(10)}`;
  const tokens = new Map<string, number>();
  const orders = new Map<string, FakePaypalOrder>();
  const replays = new Map<string, FakeResponse>();
  const refunds: FakePaypal["refunds"] = [];
  let issued = 0;
  let failures = 0;
  let createFailure: FakeResponse | undefined;
  const merchant = { merchant_id: accountId(), email_address: `sales-${id(6).toLowerCase()}@merchant.example` };

  function representation(order: FakePaypalOrder) {
    return {
      id: order.id,
      status: order.status,
      intent: "CAPTURE",
      purchase_units: [
        {
          ...(order.body.purchase_units as Record<string, unknown>[])[0],
          ...(order.capture ? { payments: { captures: [{ ...order.capture, final_capture: true }] } } : {}),
        },
      ],
      links: [
        { rel: "self", method: "GET", href: `https://api.fake.paypal/v2/checkout/orders/${order.id}` },
        { rel: "payer-action", method: "GET", href: `https://www.fake.paypal/checkoutnow?token=${order.id}` },
      ],
    };
  }

  /** The purchase unit as the caller sent it, with the payee PayPal fills in when the caller named none. */
  function withPayee(unit: Record<string, unknown> | undefined): Record<string, unknown> {
    return { ...unit, payee: unit?.payee ?? { ...merchant } };
  }

  function createOrder(request: FakeRequest): FakeResponse {
    if (createFailure) {
      const failure = createFailure;
      createFailure = undefined;
      return failure;
    }
    const body = JSON.parse(request.body || "{}") as Record<string, unknown>;
    // The document's rules (amounts that add up, required fields) are checked before this (tests/contracts/paypal.ts).
    const unit = (body.purchase_units as Record<string, unknown>[])[0] as {
      amount: { currency_code: string; value: string };
    };
    const order: FakePaypalOrder = {
      id: id(),
      status: body.payment_source ? "PAYER_ACTION_REQUIRED" : "CREATED",
      body: { ...body, purchase_units: [withPayee(unit as Record<string, unknown>)] },
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      outcome: "COMPLETED",
    };
    orders.set(order.id, order);
    return { status: 201, body: representation(order) };
  }

  function newCapture(order: FakePaypalOrder, status: string): FakeCapture {
    const customId = (order.body.purchase_units as { custom_id?: unknown }[] | undefined)?.[0]?.custom_id;
    return { id: id(), status, amount: order.amount, ...(typeof customId === "string" ? { custom_id: customId } : {}) };
  }

  function capture(orderId: string): FakeResponse {
    const order = orders.get(orderId);
    if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (order.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
    if (order.status !== "APPROVED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
    if (order.outcome === "INSTRUMENT_DECLINED") return error(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
    const status = order.outcome === "LOST_RESPONSE" ? "COMPLETED" : order.outcome;
    order.status = "COMPLETED";
    order.capture = newCapture(order, status);
    if (order.outcome === "LOST_RESPONSE") return error(500, "INTERNAL_SERVER_ERROR");
    return { status: 201, body: representation(order) };
  }

  /** Refunds the whole capture (no amount) or a part of it; more than what remains is refused, as PayPal does. */
  function refund(captureId: string, request: FakeRequest): FakeResponse {
    const order = [...orders.values()].find((o) => o.capture?.id === captureId);
    if (!order?.capture) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (order.capture.status === "REFUNDED") return error(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED");
    const body = JSON.parse(request.body || "{}") as { amount?: { currency_code?: string; value?: string } };
    const captured = cents(order.capture.amount.value) ?? 0;
    const already = refunds
      .filter((r) => r.captureId === captureId)
      .reduce((sum, r) => sum + (cents((r.amount as { value: string }).value) ?? 0), 0);
    const requested = body.amount === undefined ? captured - already : cents(body.amount.value);
    if (
      requested === null ||
      requested <= 0 ||
      (body.amount && body.amount.currency_code !== order.capture.amount.currency_code)
    ) {
      return error(422, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE");
    }
    if (requested > captured - already) return error(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
    order.capture.status = requested === captured - already ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const refundId = id();
    const amount = { currency_code: order.capture.amount.currency_code, value: centsToDecimalString(requested) };
    refunds.push({ id: refundId, captureId, amount, requestedAmount: body.amount ?? null });
    return { status: 201, body: { id: refundId, status: "COMPLETED", amount } };
  }

  function authorised(request: FakeRequest): boolean {
    const match = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""));
    const expiresAt = match ? tokens.get(match[1]) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  function route(request: FakeRequest): FakeResponse {
    if (request.method === "POST" && request.path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected)
        return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
      if (new URLSearchParams(request.body).get("grant_type") !== "client_credentials")
        return { status: 400, body: { error: "unsupported_grant_type" } };
      const token = `A21AA${id(40)}`;
      const ttl = options.tokenTtlSeconds ?? 32_400;
      tokens.set(token, Date.now() + ttl * 1000);
      issued++;
      return {
        status: 200,
        body: {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: token,
          token_type: "Bearer",
          app_id: "APP-FAKE",
          expires_in: ttl,
          nonce: id(10),
        },
      };
    }
    // PayPal's documents answer a missing or dead token with error_401, AUTHENTICATION_FAILURE.
    if (!authorised(request)) return error(401, "AUTHENTICATION_FAILURE");

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === "POST" && request.path === "/v2/checkout/orders") return createOrder(request);
    if (request.method === "GET" && orderMatch && !orderMatch[2]) {
      const order = orders.get(decodeURIComponent(orderMatch[1]));
      return order
        ? { status: 200, body: representation(order) }
        : error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    }
    if (request.method === "POST" && orderMatch?.[2]) return capture(decodeURIComponent(orderMatch[1]));
    if (request.method === "POST" && refundMatch) return refund(decodeURIComponent(refundMatch[1]), request);
    return error(404, "NOT_FOUND");
  }

  const contract = new ContractLog("PayPal");

  function checked(request: FakeRequest): FakeResponse {
    const problems = paypalRequestProblems(request);
    if (problems.length) {
      contract.record(problems.map((problem) => problem.text));
      const issue = problems.find((problem) => problem.issue)?.issue;
      return issue
        ? error(422, "UNPROCESSABLE_ENTITY", issue)
        : error(400, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX");
    }
    return respond(request);
  }

  const server = await startJsonServer((request) => {
    const answer = documented(request, checked(request));
    contract.record(paypalAnswerProblems(request, answer));
    return answer;
  });

  function respond(request: FakeRequest): FakeResponse {
    if (failures > 0) {
      failures--;
      // The token endpoint speaks OAuth 2.0 (RFC 6749 §5.2), the REST APIs their documents' error bodies.
      if (request.path === "/v1/oauth2/token")
        return { status: 503, body: { error: "temporarily_unavailable", error_description: "Service Unavailable" } };
      return error(503, "SERVICE_UNAVAILABLE");
    }
    const requestId = request.headers["paypal-request-id"];
    const key = typeof requestId === "string" ? `${request.method} ${request.path} ${requestId}` : undefined;
    if (key && replays.has(key)) return replays.get(key)!;
    const response = route(request);
    // PayPal keeps the answer to an authenticated request id, so a retry is not a second order, capture or refund.
    if (key && response.status < 500 && response.status !== 401) replays.set(key, response);
    return response;
  }

  const must = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
    return order;
  };

  return {
    ...server,
    async stop() {
      await server.stop();
      contract.close();
    },
    clientId,
    clientSecret,
    merchant,
    orders,
    refunds,
    tokensIssued: () => issued,
    approve(orderId) {
      const order = must(orderId);
      if (order.status !== "CREATED" && order.status !== "PAYER_ACTION_REQUIRED")
        throw new Error(`fake PayPal: ${orderId} is ${order.status}`);
      order.status = "APPROVED";
    },
    scriptCapture(orderId, outcome) {
      must(orderId).outcome = outcome;
    },
    captureOutOfBand(orderId) {
      const order = must(orderId);
      order.status = "COMPLETED";
      order.capture = newCapture(order, "COMPLETED");
    },
    createInBrowser({ value, currency = "USD", customId, payee }) {
      const amount = { currency_code: currency, value };
      const unit = withPayee({
        reference_id: "default",
        amount,
        ...(customId === undefined ? {} : { custom_id: customId }),
        ...(payee ? { payee } : {}),
      });
      const order: FakePaypalOrder = {
        id: id(),
        status: "CREATED",
        body: { intent: "CAPTURE", purchase_units: [unit] },
        amount,
        outcome: "COMPLETED",
      };
      orders.set(order.id, order);
      return order.id;
    },
    revokeTokens() {
      tokens.clear();
    },
    failNext(n) {
      failures = n;
    },
    failNextCreate(status, name = status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNPROCESSABLE_ENTITY", issue) {
      createFailure = error(status, name, issue);
    },
  };
}
