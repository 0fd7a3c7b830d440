import { centsToDecimalString, parseDollars } from "../../../../domain/money";
import type { PaymentRequest, WalletCapture, WalletOrder, PaypalApi, WalletRefusal } from "./types";
import { ProviderUnavailableError } from "../../../../domain/errors";
import { type PaypalAccount, readPayee } from "../../../../domain/paypal-payee";

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com, or a local fake in tests. */
  apiBase: string;
  publicUrl: string;
  brandName?: string;
  /** Milliseconds before a call to PayPal is given up. */
  timeoutMs?: number;
  now?: () => number;
}

/** A token is renewed this long before PayPal says it expires, so no call carries a dying one. */
const TOKEN_MARGIN_MS = 60_000;
const NAME_MAX = 127;

interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
}

/** PayPal answers ids made of capitals and digits; anything else is not a PayPal order id. */
export const PAYPAL_ORDER_ID = /^[A-Z0-9]{1,36}$/;

const money = (cents: number) => ({ currency_code: "USD", value: centsToDecimalString(cents) });

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The Orders v2 body: intent CAPTURE, one purchase unit whose breakdown adds up to the total. */
export function paypalOrderBody(request: PaymentRequest, publicUrl: string, brandName: string) {
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: "default",
        custom_id: request.checkoutId,
        // PayPal refuses a second payment against the same invoice id: one more guard against paying twice.
        invoice_id: request.checkoutId,
        description: clip(`${brandName} order`, NAME_MAX),
        amount: {
          ...money(request.totalCents),
          breakdown: {
            item_total: money(request.subtotalCents),
            shipping: money(request.shippingCents),
            tax_total: money(request.taxCents),
            // A discount code's share (docs/decisions/034-discount-codes.md): total = items − discount + tax + shipping.
            ...(request.discountCents ? { discount: money(request.discountCents) } : {}),
          },
        },
        items: request.lines.map((line) => ({
          name: clip(line.title || "Item", NAME_MAX),
          quantity: String(line.quantity),
          unit_amount: money(line.unitPriceCents),
          sku: line.productId,
          category: "PHYSICAL_GOODS",
          description: clip(
            [line.selectedSize && `Size: ${line.selectedSize}`, line.color && `Color: ${line.color}`]
              .filter(Boolean)
              .join(", "),
            NAME_MAX,
          ),
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: clip(brandName, NAME_MAX),
          // The store ships to the address chosen at its own checkout.
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          return_url: `${publicUrl}/checkout`,
          cancel_url: `${publicUrl}/checkout`,
        },
      },
    },
  };
}

/** Reads the parts of an Orders v2 order the store relies on, defensively. */
export function readPaypalOrder(body: unknown): WalletOrder {
  const order = (body ?? {}) as {
    id?: unknown;
    status?: unknown;
    purchase_units?: {
      custom_id?: unknown;
      payee?: unknown;
      payments?: {
        captures?: {
          id?: unknown;
          status?: unknown;
          custom_id?: unknown;
          amount?: { value?: unknown; currency_code?: unknown };
        }[];
      };
    }[];
  };
  if (typeof order.id !== "string" || typeof order.status !== "string") {
    throw new ProviderUnavailableError("paypal", "PayPal sent an order without id or status");
  }
  const raw = order.purchase_units?.[0]?.payments?.captures?.[0];
  let capture: WalletCapture | null = null;
  if (raw && typeof raw.id === "string" && typeof raw.status === "string") {
    const value = raw.amount?.value;
    capture = {
      id: raw.id,
      status: raw.status,
      amountCents: typeof value === "string" ? (parseDollars(value) ?? null) : null,
      currency: typeof raw.amount?.currency_code === "string" ? raw.amount.currency_code : "",
    };
  }
  // PayPal returns custom_id on the purchase unit and again on each capture.
  const unitRef = order.purchase_units?.[0]?.custom_id;
  const captureRef = raw?.custom_id;
  const customId = typeof unitRef === "string" ? unitRef : typeof captureRef === "string" ? captureRef : null;
  return { id: order.id, status: order.status, customId, payee: readPayee(order.purchase_units?.[0]?.payee), capture };
}

function readPaypalOrderPayee(body: unknown): PaypalAccount | null {
  const units = (body as { purchase_units?: { payee?: unknown }[] } | null)?.purchase_units;
  return readPayee(Array.isArray(units) ? units[0]?.payee : undefined);
}

/** PayPal's Orders v2 REST API over plain fetch. */
export function createPaypalProvider(options: PaypalOptions): PaypalApi {
  const base = options.apiBase.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? Date.now;
  const brandName = options.brandName ?? "Threadline";
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;
  /** The account behind the credentials, once PayPal has named it on an order the store made. */
  let account: PaypalAccount | undefined;
  let pendingAccount: Promise<PaypalAccount> | undefined;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailableError("paypal", `PayPal did not answer: ${(error as Error).message}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const response = await send("/v1/oauth2/token", {
      method: "POST",
      headers: {
        Authorization: `Basic ${basic}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== "string") {
      throw new ProviderUnavailableError(
        "paypal",
        `PayPal refused the credentials (${response.status})`,
        response.status,
      );
    }
    const lifetimeMs = (typeof body.expires_in === "number" ? body.expires_in : 0) * 1000;
    token = { value: body.access_token, expiresAt: now() + lifetimeMs - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** One token for all callers until shortly before it expires; concurrent callers share one request. */
  async function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** Calls the API; a 401 (token revoked early) is retried once with a fresh token. */
  async function call(method: string, path: string, extra: { body?: unknown; requestId?: string } = {}) {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${await accessToken()}`,
        Accept: "application/json",
        Prefer: "return=representation",
      };
      if (extra.body !== undefined) headers["Content-Type"] = "application/json";
      if (extra.requestId) headers["PayPal-Request-Id"] = extra.requestId;
      const response = await send(path, {
        method,
        headers,
        body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
      });
      if (response.status === 401 && attempt === 0) {
        token = undefined;
        continue;
      }
      const body = (await response.json().catch(() => null)) as unknown;
      return { status: response.status, ok: response.ok, body };
    }
  }

  function failure(what: string, result: { status: number; body: unknown }): ProviderUnavailableError {
    const body = (result.body ?? {}) as PaypalErrorBody;
    const issue = body.details?.[0]?.issue ?? body.name ?? "UNKNOWN";
    return new ProviderUnavailableError(
      "paypal",
      `PayPal ${what} failed: ${result.status} ${issue}${body.debug_id ? ` (debug id ${body.debug_id})` : ""}`,
      result.status,
    );
  }

  /** What PayPal says an order the store itself made (no payee named) pays: the store's own account. */
  async function payeeOfOwnOrder(created: unknown): Promise<PaypalAccount | null> {
    const id = (created as { id?: unknown } | null)?.id;
    const named = readPaypalOrderPayee(created);
    if (named || typeof id !== "string") return named;
    const result = await call("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
    return result.ok ? readPaypalOrderPayee(result.body) : null;
  }

  /**
   * Asks PayPal which account the credentials belong to, when no order made since start-up has
   * said so yet: an order for 1.00 that nobody is sent to approve (it lapses at PayPal unpaid).
   */
  async function probeAccount(): Promise<PaypalAccount> {
    const result = await call("POST", "/v2/checkout/orders", {
      body: {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: "account-check",
            description: clip(`${brandName}: account check, never paid`, NAME_MAX),
            amount: money(100),
          },
        ],
      },
    });
    if (!result.ok) throw failure("account check", result);
    const payee = await payeeOfOwnOrder(result.body);
    if (!payee) throw new ProviderUnavailableError("paypal", "PayPal did not name the account behind the credentials");
    return payee;
  }

  return {
    mode: "paypal",

    async storeAccount() {
      if (account) return account;
      pendingAccount ??= probeAccount()
        .then((found) => {
          account ??= found;
          return account;
        })
        .finally(() => {
          pendingAccount = undefined;
        });
      return pendingAccount;
    },

    async createOrder(request) {
      const result = await call("POST", "/v2/checkout/orders", {
        body: paypalOrderBody(request, options.publicUrl, brandName),
        requestId: `create-${request.checkoutId}`,
      });
      if (!result.ok) throw failure("create order", result);
      const order = result.body as { id?: unknown; status?: unknown; links?: { rel?: string; href?: string }[] };
      if (typeof order.id !== "string" || !PAYPAL_ORDER_ID.test(order.id)) {
        throw new ProviderUnavailableError("paypal", "PayPal created an order without a usable id");
      }
      if (!account) account = (await payeeOfOwnOrder(result.body).catch(() => null)) ?? undefined;
      const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href;
      return { id: order.id, status: typeof order.status === "string" ? order.status : "CREATED", approveUrl: approve };
    },

    async captureOrder(orderId, requestId): Promise<WalletOrder | WalletRefusal> {
      const result = await call("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        body: {},
        requestId,
      });
      if (result.ok) {
        const order = readPaypalOrder(result.body);
        if (order.payee) return order;
        // A capture's answer may leave the payee out: the order itself names it.
        const payee = readPaypalOrderPayee(
          (await call("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`)).body,
        );
        return { ...order, payee };
      }
      // 422 is PayPal's "no" for business reasons (not approved, declined, already captured); 404 an unknown order.
      if (result.status === 422 || result.status === 404) {
        const body = (result.body ?? {}) as PaypalErrorBody;
        return { refused: true, issue: body.details?.[0]?.issue ?? body.name ?? `HTTP_${result.status}` };
      }
      throw failure("capture", result);
    },

    async getOrder(orderId) {
      const result = await call("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
      if (result.status === 404) return null;
      if (!result.ok) throw failure("order lookup", result);
      return readPaypalOrder(result.body);
    },

    async refundCapture(captureId, requestId, amountCents) {
      // No amount: PayPal refunds what is left of the capture, i.e. all of it.
      const body = amountCents === undefined ? {} : { amount: money(amountCents) };
      const result = await call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        body,
        requestId,
      });
      if (!result.ok) throw failure("refund", result);
      const refund = (result.body ?? {}) as { id?: unknown; status?: unknown };
      return { id: String(refund.id ?? ""), status: String(refund.status ?? "") };
    },
  };
}
