import type { FakeRequest, FakeResponse } from "../fakes/http-server";
import { Contract } from "./openapi";

/**
 * PayPal's documents (Orders v2, Payments v2) as checks of one exchange with the fake: what the
 * store sent, and what the fake answered. The access token call (/v1/oauth2/token) is named in both
 * documents only as the OAuth 2.0 client-credentials `tokenUrl`, with no schema: it is checked
 * against OAuth 2.0 itself (RFC 6749 §4.4 and §5.1), by hand below.
 */

const orders = new Contract("paypal-orders-v2");
const payments = new Contract("paypal-payments-v2");

export type Problem = { text: string; issue?: string };

interface Money {
  currency_code?: string;
  value?: string;
}

/** Currencies PayPal takes without decimals (PayPal's currency codes page, linked from `money.value`). */
const NO_DECIMALS = new Set(["HUF", "JPY", "TWD"]);

/** A money value in minor units, or a problem: PayPal allows two decimals at most (DECIMAL_PRECISION). */
function minor(money: Money | undefined, where: string, problems: Problem[]): number {
  if (!money || typeof money.value !== "string") return 0;
  const decimals = NO_DECIMALS.has(money.currency_code ?? "") ? 0 : 2;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.value);
  if (!match || (match[3] ?? "").length > decimals) {
    problems.push({ text: `${where}.value ${money.value}: at most ${decimals} decimals`, issue: "DECIMAL_PRECISION" });
    return Number.NaN;
  }
  const units = Number(match[2]) * 10 ** decimals + Number((match[3] ?? "").padEnd(decimals, "0") || 0);
  if (match[1]) problems.push({ text: `${where}.value ${money.value} can not be a negative number` });
  return match[1] ? -units : units;
}

/**
 * The rules the Orders v2 document states in words for a purchase unit's amounts (the
 * descriptions of `amount_with_breakdown`, `amount_breakdown` and `item`, and the 422 issues
 * AMOUNT_MISMATCH, ITEM_TOTAL_MISMATCH, ITEM_TOTAL_REQUIRED, TAX_TOTAL_*, MULTI_CURRENCY_ORDER,
 * DECIMAL_PRECISION).
 */
export function orderAmountProblems(body: unknown): Problem[] {
  const problems: Problem[] = [];
  const units = ((body as { purchase_units?: unknown[] })?.purchase_units ?? []) as {
    amount?: Money & { breakdown?: Record<string, Money> };
    items?: { quantity?: string; unit_amount?: Money; tax?: Money }[];
  }[];
  const currencies = new Set<string>();
  const note = (money: Money | undefined) => money?.currency_code && currencies.add(money.currency_code);
  units.forEach((unit, u) => {
    const at = `purchase_units[${u}]`;
    const amount = unit.amount;
    if (!amount) return;
    note(amount);
    const total = minor(amount, `${at}.amount`, problems);
    if (total <= 0) problems.push({ text: `${at}.amount must be a positive number` });
    const breakdown = amount.breakdown ?? {};
    const part = (name: string) => {
      note(breakdown[name]);
      return minor(breakdown[name], `${at}.amount.breakdown.${name}`, problems);
    };
    let itemSum = 0;
    let taxSum = 0;
    const items = unit.items ?? [];
    items.forEach((item, i) => {
      note(item.unit_amount);
      note(item.tax);
      const quantity = Number(item.quantity);
      if (!/^\d+$/.test(item.quantity ?? ""))
        problems.push({ text: `${at}.items[${i}].quantity must be a whole number` });
      itemSum += minor(item.unit_amount, `${at}.items[${i}].unit_amount`, problems) * quantity;
      taxSum += minor(item.tax, `${at}.items[${i}].tax`, problems) * quantity;
    });
    if (items.some((item) => item.unit_amount) && !breakdown.item_total)
      problems.push({
        text: `${at}: items carry unit_amount, so breakdown.item_total is required`,
        issue: "ITEM_TOTAL_REQUIRED",
      });
    if (items.some((item) => item.tax) && !breakdown.tax_total)
      problems.push({
        text: `${at}: items carry tax, so breakdown.tax_total is required`,
        issue: "TAX_TOTAL_REQUIRED",
      });
    if (!amount.breakdown) return;
    const [itemTotal, taxTotal, shipping, handling, insurance, shippingDiscount, discount] = [
      "item_total",
      "tax_total",
      "shipping",
      "handling",
      "insurance",
      "shipping_discount",
      "discount",
    ].map(part);
    if (items.some((item) => item.unit_amount) && breakdown.item_total && itemSum !== itemTotal)
      problems.push({
        text: `${at}: item_total ${breakdown.item_total.value} is not the sum of unit_amount × quantity (${itemSum} minor units)`,
        issue: "ITEM_TOTAL_MISMATCH",
      });
    if (items.some((item) => item.tax) && breakdown.tax_total && taxSum !== taxTotal)
      problems.push({ text: `${at}: tax_total is not the sum of tax × quantity`, issue: "TAX_TOTAL_MISMATCH" });
    const sum = itemTotal + taxTotal + shipping + handling + insurance - shippingDiscount - discount;
    if (sum !== total)
      problems.push({
        text: `${at}: amount ${amount.value} is not item_total + tax_total + shipping + handling + insurance − shipping_discount − discount (${sum} minor units)`,
        issue: "AMOUNT_MISMATCH",
      });
  });
  if (currencies.size > 1)
    problems.push({
      text: `one order, several currencies: ${[...currencies].join(", ")}`,
      issue: "MULTI_CURRENCY_ORDER",
    });
  return problems;
}

function contractOf(request: Pick<FakeRequest, "method" | "path">) {
  for (const contract of [orders, payments]) {
    const found = contract.operation(request.method, request.path);
    if (found) return { contract, ...found };
  }
  return null;
}

const isToken = (request: Pick<FakeRequest, "method" | "path">) =>
  request.method === "POST" && request.path === "/v1/oauth2/token";

function parseJson(text: string): unknown {
  try {
    return text === "" ? undefined : JSON.parse(text);
  } catch {
    return Symbol.for("not json");
  }
}

/** What is wrong with a request the store sent to PayPal: `issue` set when PayPal would answer 422 with it. */
export function paypalRequestProblems(request: FakeRequest): Problem[] {
  const contentType = String(request.headers["content-type"] ?? "");
  if (isToken(request)) {
    const problems: string[] = [];
    if (!/^Basic [A-Za-z0-9+/=]+$/.test(String(request.headers.authorization ?? "")))
      problems.push("client credentials go in a Basic Authorization header (RFC 6749 §2.3.1)");
    if (!contentType.startsWith("application/x-www-form-urlencoded"))
      problems.push("the token request is form-encoded (RFC 6749 §4.4.2)");
    if (new URLSearchParams(request.body).get("grant_type") !== "client_credentials")
      problems.push("grant_type must be client_credentials (RFC 6749 §4.4.2)");
    return problems.map((text) => ({ text: `POST /v1/oauth2/token: request ${text}` }));
  }
  const found = contractOf(request);
  if (!found) return [{ text: `${request.method} ${request.path} is not an operation of PayPal's documents` }];
  const body = parseJson(request.body);
  if (typeof body === "symbol") return [{ text: `${found.key}: request body is not JSON` }];
  const problems: Problem[] = found.contract
    .checkRequest(found.key, {
      params: found.params,
      headers: request.headers,
      body,
      contentType: contentType || undefined,
    })
    .map((text) => ({ text }));
  if (body !== undefined && !contentType.startsWith("application/json"))
    problems.push({ text: `${found.key}: request body sent as ${contentType || "no content type"}` });
  if (found.key === "POST /v2/checkout/orders") problems.push(...orderAmountProblems(body));
  if (found.key === "POST /v2/payments/captures/{capture_id}/refund") {
    const amount = (body as { amount?: Money } | undefined)?.amount;
    // "The amount must be a positive number" (refund_request.amount).
    if (amount && !(minor(amount, "amount", problems) > 0))
      problems.push({
        text: `${found.key}: refund amount must be a positive number`,
        issue: "INVALID_PARAMETER_VALUE",
      });
  }
  return problems;
}

/** What is wrong with an answer the fake gave to a request. */
export function paypalAnswerProblems(request: FakeRequest, response: FakeResponse): string[] {
  if (isToken(request)) {
    if (response.status !== 200) {
      const body = response.body as { error?: unknown };
      return typeof body?.error === "string"
        ? []
        : ["POST /v1/oauth2/token: an error answer names `error` (RFC 6749 §5.2)"];
    }
    const body = response.body as { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
    const problems: string[] = [];
    if (typeof body.access_token !== "string") problems.push("access_token is a string");
    if (typeof body.token_type !== "string" || body.token_type.toLowerCase() !== "bearer")
      problems.push("token_type is Bearer");
    if (!Number.isInteger(body.expires_in)) problems.push("expires_in is a whole number of seconds");
    return problems.map((text) => `POST /v1/oauth2/token: answer ${text} (RFC 6749 §5.1)`);
  }
  const found = contractOf(request);
  if (!found) return [];
  // 429 RATE_LIMIT_REACHED is PayPal's (its rate-limiting page) but in neither document: not checked here.
  if (response.status === 429) return [];
  return found.contract.checkResponse(found.key, response.status, response.body);
}

/**
 * PayPal's error body for a status, with the name, message and issue description the document
 * gives; `name` is used for a status the document has no error schema for (429, 502).
 */
export function paypalError(
  request: Pick<FakeRequest, "method" | "path">,
  status: number,
  issue?: string,
  debugId = "fakedebugid",
  name = "INTERNAL_SERVER_ERROR",
): FakeResponse {
  const found = contractOf(request);
  const contract = found?.contract ?? orders;
  const schemas = contract.fixture.components.schemas as Record<
    string,
    { properties?: Record<string, { enum?: string[] }> }
  >;
  // The status's own error schema; for a status without one (502), the schema of that error name.
  const general =
    schemas[`error_${status}`]?.properties ??
    Object.entries(schemas).find(([key, s]) => key.startsWith("error_") && s.properties?.name?.enum?.[0] === name)?.[1]
      .properties;
  const documentedName = general?.name?.enum?.[0] ?? name;
  const message = general?.message?.enum?.[0] ?? name;
  const description = issue && found ? documentedIssue(contract, found.key, status, issue) : undefined;
  return {
    status,
    body: {
      name: documentedName,
      message,
      debug_id: debugId,
      ...(issue ? { details: [{ issue, ...(description ? { description } : {}) }] } : {}),
    },
  };
}

/** The description the operation's answer for `status` gives an issue code (the `details[].description` enum beside it). */
function documentedIssue(contract: Contract, key: string, status: number, issue: string): string | undefined {
  const answer = contract.fixture.operations[key].responses[String(status)] as { allOf?: { $ref?: string }[] } | null;
  for (const part of answer?.allOf ?? []) {
    const name = part.$ref?.replace("#/components/schemas/", "");
    const schema = name ? contract.fixture.components.schemas[name] : undefined;
    const items = (schema as { properties?: { details?: { items?: { anyOf?: unknown[] } } } })?.properties?.details
      ?.items;
    for (const branch of items?.anyOf ?? []) {
      const props = (branch as { properties?: Record<string, { enum?: string[] }> }).properties;
      if (props?.issue?.enum?.[0] === issue) return props.description?.enum?.[0];
    }
  }
  return undefined;
}
