import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { addressSchema } from "../../domain/address-schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { loadServerBuild } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { CART_ROWS } from "./authorization-cart";
import { ACTION_ROWS, ENDPOINT_ROWS } from "./authorization-endpoints";
import { STOCK_ALERT_ROWS } from "./authorization-stock-alerts";
import { type Body, type Expected, type Identity, PAGE_ROWS, type Resources, type Row } from "./authorization-rows";

/**
 * The authorization matrix (rows in authorization-rows.ts and authorization-endpoints.ts): each
 * route asked by a visitor, the shopper who owns the resources, another shopper and the
 * administrator, through the whole HTTP app with its pages. The inventory test derives the list
 * of routes from app/routes.ts, the built router and the Hono app, so a new route without a row
 * fails here.
 */

const ROWS: Row[] = [...PAGE_ROWS, ...ACTION_ROWS, ...ENDPOINT_ROWS, ...CART_ROWS, ...STOCK_ALERT_ROWS];
const ADMIN = "admin@example.com";
const EMAILS: Record<Exclude<Identity, "visitor">, string> = {
  shopper: "matrix-shopper@example.com",
  other: "matrix-other@example.com",
  admin: ADMIN,
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let resources: Resources;
const browsers = {} as Record<Identity, TestBrowser>;
let addressCount = 0;

async function signIn(who: Exclude<Identity, "visitor">): Promise<TestBrowser> {
  const browser = new TestBrowser(t.app, `198.51.100.${10 + Object.keys(EMAILS).indexOf(who)}`);
  const res = await browser.postJson("/api/auth/sign-in/email", { email: EMAILS[who], password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${who} failed: ${res.status}`);
  return browser;
}

async function addAddress(email: string, street: string) {
  addressCount++;
  const user = await userByEmail(database, email);
  const fields = {
    name: `Matrix ${addressCount}`,
    phone: "555-0100",
    street,
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
    country: "United States",
  };
  return (await t.services.accounts.addAddress(user.id, addressSchema.parse(fields))).id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, {
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN, AUTH_RATE_LIMIT: "1000", CHECKOUT_RATE_LIMIT: "1000" },
    withPages: true,
  });
  for (const who of ["shopper", "other", "admin"] as const) {
    await registerVerified(t, smtp, EMAILS[who], new TestBrowser(t.app, "198.51.100.9"));
    browsers[who] = await signIn(who);
  }
  browsers.visitor = new TestBrowser(t.app, "203.0.113.99");
  const addresses = {
    shopper: await addAddress(EMAILS.shopper, "12 Private Lane"),
    other: await addAddress(EMAILS.other, "34 Other Road"),
    admin: await addAddress(EMAILS.admin, "56 Admin Way"),
  };
  const [{ id: productId }] = await insertProducts(database.db, [
    { title: "Matrix Coat", priceCents: 3000, sizes: [], stockCount: 500 },
  ]);
  const shopperId = (await userByEmail(database, EMAILS.shopper)).id;
  const review = await t.services.reviews.create({ id: shopperId, isAdmin: false }, productId, {
    rating: 5,
    text: "Mine",
  });
  if (review.status !== "created") throw new Error("the shopper's review was not posted");
  const start = async (endpoint: string, quantity: number) => {
    const res = await browsers.shopper.postJson(endpoint, {
      lines: [{ productId, quantity }],
      shippingAddressId: addresses.shopper,
      sameAsShipping: true,
    });
    if (res.status !== 200) throw new Error(`${endpoint} failed: ${res.status}`);
    return ((await res.json()) as { id: string }).id;
  };
  const paidSession = await start("/api/create-stripe-session", 7);
  const paid = (await (await browsers.shopper.postJson(`/api/sandbox/checkout/${paidSession}/pay`, {})).json()) as {
    orderId: string;
  };
  resources = {
    productId,
    addressId: addresses.shopper,
    reviewId: review.review.id,
    walletOrderId: await start("/api/create-paypal-order", 1),
    pageApproveOrderId: await start("/api/create-paypal-order", 8),
    apiApproveOrderId: await start("/api/create-paypal-order", 9),
    viewSessionId: await start("/api/create-stripe-session", 2),
    paySessionId: await start("/api/create-stripe-session", 3),
    cancelSessionId: await start("/api/create-stripe-session", 4),
    ownAddressId: (who) => addresses[who as keyof typeof addresses],
    shopperEmail: EMAILS.shopper,
    shopperStreet: "12 Private Lane",
    shopperOrderNumber: (await t.services.orders.orderForUser(shopperId, paid.orderId)).number,
    shopperOrderId: paid.orderId,
  };
}, 120_000);

afterAll(async () => {
  await t?.services.events.close();
  await smtp?.stop();
  await database?.close();
});

function send(browser: TestBrowser, row: Row, who: Identity): Promise<Response> {
  const path = typeof row.path === "function" ? row.path(resources) : row.path;
  if (row.method === "GET") return browser.request(path);
  const body: Body = row.body?.(resources, who) ?? { form: {} };
  if ("tus" in body) return browser.request(path, { method: row.method, headers: body.tus, body: body.bytes });
  if ("form" in body) return browser.postForm(path, body.form);
  if ("json" in body && row.method === "PUT") {
    return browser.request(path, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body.json),
    });
  }
  if ("json" in body) return browser.postJson(path, body.json);
  const multipart = new FormData();
  for (const [key, value] of Object.entries(body.multipart)) multipart.set(key, value);
  return browser.request(path, { method: "POST", body: multipart });
}

/** What a browser makes of the answer: a status, or where it is sent (React Router encodes a .data redirect in its body). */
async function outcome(res: Response): Promise<{ got: Expected; text: string }> {
  const location = res.headers.get("location");
  if (res.status >= 300 && res.status < 400 && location)
    return { got: { status: res.status as 302, to: location }, text: "" };
  // The live stream never ends by itself.
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { got: res.status, text: "" };
  }
  const text = await res.text();
  const redirect = /\["SingleFetchRedirect",\d+\].*?"redirect","((?:[^"\\]|\\.)*)","status",(\d+)/.exec(text);
  if (res.status === 202 && redirect)
    return { got: { status: Number(redirect[2]) as 302, to: JSON.parse(`"${redirect[1]}"`) }, text };
  return { got: res.status, text };
}

describe.each(ROWS.map((row) => [`${row.route} (${row.what})`, row] as const))("%s", (_name, row) => {
  it("answers each identity as the matrix says", async () => {
    const seen: [Identity, Expected][] = [];
    const wanted: [Identity, Expected][] = [];
    for (const [who, expectation] of row.expect) {
      const browser = row.freshSession && who !== "visitor" ? await signIn(who) : browsers[who];
      const { got, text } = await outcome(await send(browser, row, who));
      seen.push([who, got]);
      wanted.push([who, typeof expectation === "function" ? expectation(resources) : expectation]);
      if (row.private && !row.private.seenBy.includes(who))
        expect(text, `${who} must not be shown it`).not.toContain(row.private.secret(resources));
      if (row.private && who === "shopper" && got === 200)
        expect(text, "the shopper sees their own").toContain(row.private.secret(resources));
    }
    expect(seen).toEqual(wanted);
  });
});

describe("the matrix covers every route", () => {
  const covered = new Set(ROWS.map((row) => row.route));

  it("app/routes.ts and the built router have the same routes (run `npm run build` after changing them)", async () => {
    const build = await loadServerBuild();
    const built = Object.values(build.routes)
      .filter((r) => r && r.id !== "root")
      .map((r) => (r!.index ? "/" : r!.path!));
    const declared = routeConfig.map((entry) => (entry.index ? "/" : entry.path!));
    expect(built.sort()).toEqual(declared.sort());
  });

  it("every page, every loader (.data) and every action has a row", async () => {
    const build = await loadServerBuild();
    const needed: string[] = [];
    for (const route of Object.values(build.routes)) {
      if (!route || route.id === "root") continue;
      const path = route.index ? "/" : route.path!;
      needed.push(`page ${path}`);
      if (route.module.loader) needed.push(`data ${path}`);
      if (route.module.action) needed.push(`action ${path}`);
    }
    expect(needed.filter((key) => !covered.has(key))).toEqual([]);
  });

  it("every endpoint of the HTTP app (outside the pages) has a row", () => {
    const endpoints = new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    expect([...endpoints].filter((key) => !covered.has(key))).toEqual([]);
  });

  it("no row names a route that does not exist", async () => {
    const build = await loadServerBuild();
    const known = new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));
    for (const route of Object.values(build.routes)) {
      if (!route || route.id === "root") continue;
      const path = route.index ? "/" : route.path!;
      for (const kind of ["page", "data", "action"]) known.add(`${kind} ${path}`);
    }
    expect([...covered].filter((key) => !known.has(key))).toEqual([]);
  });
});
