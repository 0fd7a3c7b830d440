/**
 * The authorization matrix: every page, `.data` loader, page action and HTTP endpoint of the
 * store, asked by a visitor, the shopper who owns the resources, another shopper and the
 * administrator, with the answer each must get. `route` names what a row covers, in the form
 * the coverage check derives from the router (see authorization-matrix.test.ts):
 *   "page <path>", "data <path>", "action <path>" for app/routes.ts, "<METHOD> <path>" for Hono.
 * Within a row the identities are asked in the order written: the one whose request may change
 * something comes last, so the refusals before it are tried against the unchanged state.
 */

export type Identity = "visitor" | "shopper" | "other" | "admin";

/** A status, or a redirect and where to (for .data requests: React Router's encoded redirect). */
export type Expected = number | { status: 301 | 302 | 303 | 307 | 308; to: string };

export interface Resources {
  productId: string;
  /** The shopper's address, review, sandbox PayPal orders and sandbox card sessions. */
  addressId: string;
  reviewId: string;
  walletOrderId: string;
  /** Orders the approval rows approve (the page's form, the endpoint). */
  pageApproveOrderId: string;
  apiApproveOrderId: string;
  viewSessionId: string;
  paySessionId: string;
  cancelSessionId: string;
  /** The address of whoever is asking (each signed-in identity has one). */
  ownAddressId: (who: Identity) => string;
  /** Things of the shopper's that nobody else may be shown. */
  shopperEmail: string;
  shopperStreet: string;
  shopperOrderNumber: string;
  /** The shopper's paid order (My Orders' Cancel order names it). */
  shopperOrderId: string;
}

export type Body =
  | { form: Record<string, string> }
  | { json: unknown }
  | { multipart: Record<string, string> }
  /** A request of the tus protocol: its headers and raw bytes (resumable uploads, decision 057). */
  | { tus: Record<string, string>; bytes?: string };

export interface Row {
  route: string;
  /** Why this row is here, for the test's name. */
  what: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";
  path: string | ((r: Resources) => string);
  body?: (r: Resources, who: Identity) => Body;
  /** Sign in afresh for this row (it ends the session it is asked with). */
  freshSession?: boolean;
  /** Something of the shopper's that only these identities' answers may contain. */
  private?: { secret: (r: Resources) => string; seenBy: Identity[] };
  expect: [Identity, Expected | ((r: Resources) => Expected)][];
}

export const toLogin = (back: string) => ({
  status: 302 as const,
  to: `/login?redirectTo=${encodeURIComponent(back)}`,
});
export const home = { status: 302 as const, to: "/" };
export const all = (expected: Expected): [Identity, Expected][] => [
  ["visitor", expected],
  ["other", expected],
  ["admin", expected],
  ["shopper", expected],
];
/** Pages for signed-in people: visitors go to sign in and come back. */
export const signedIn = (back: string): [Identity, Expected][] => [
  ["visitor", toLogin(back)],
  ["other", 200],
  ["admin", 200],
  ["shopper", 200],
];
/** Administrator pages: anyone else is sent home. */
export const adminPage: [Identity, Expected][] = [
  ["visitor", home],
  ["shopper", home],
  ["other", home],
  ["admin", 200],
];
/** Administrator actions: 401 signed out, 403 for shoppers, checked before the body is read. */
export const adminAction = (adminStatus: number): [Identity, Expected][] => [
  ["visitor", 401],
  ["shopper", 403],
  ["other", 403],
  ["admin", adminStatus],
];
/** The shopper's own sandbox payment, in the page's terms: visitors sign in; nobody else sees it. */
export const ownSandboxPage = (back: (r: Resources) => string, ownerStatus: number): Row["expect"] => [
  ["visitor", (r) => toLogin(back(r))],
  ["other", 404],
  ["admin", 404],
  ["shopper", ownerStatus],
];
/** The same for the JSON endpoints: 401 signed out, 404 for anyone but the owner. */
export const ownApi = (ownerStatus: number): [Identity, Expected][] => [
  ["visitor", 401],
  ["other", 404],
  ["admin", 404],
  ["shopper", ownerStatus],
];
/** A shopper's JSON endpoint that has no owner yet (a new checkout): anyone signed in. */
export const shopperApi = (status: number): [Identity, Expected][] => [
  ["visitor", 401],
  ["other", status],
  ["admin", status],
  ["shopper", status],
];
export const cart = (r: Resources, who: Identity): Body => ({
  json: {
    lines: [{ productId: r.productId, quantity: 5 }],
    shippingAddressId: who === "visitor" ? r.addressId : r.ownAddressId(who),
    sameAsShipping: true,
  },
});

const street: Row["private"] = { secret: (r) => r.shopperStreet, seenBy: ["shopper"] };
const email: Row["private"] = { secret: (r) => r.shopperEmail, seenBy: ["shopper"] };
const order = { secret: (r: Resources) => r.shopperOrderNumber, seenBy: ["shopper"] as Identity[] };

export const PAGE_ROWS: Row[] = [
  // Public pages and their loaders.
  { route: "page /", what: "home", method: "GET", path: "/", expect: all(200) },
  { route: "data /", what: "home data", method: "GET", path: "/_root.data", expect: all(200) },
  {
    route: "page product/:id",
    what: "a product",
    method: "GET",
    path: (r) => `/product/${r.productId}`,
    expect: all(200),
  },
  {
    route: "data product/:id",
    what: "a product's data",
    method: "GET",
    path: (r) => `/product/${r.productId}.data`,
    expect: all(200),
  },
  {
    route: "page product/:id",
    what: "a missing product",
    method: "GET",
    path: "/product/00000000-0000-4000-8000-000000000000",
    expect: all(404),
  },
  { route: "page cart", what: "cart", method: "GET", path: "/cart", expect: all(200) },
  { route: "data cart", what: "cart data", method: "GET", path: "/cart.data", expect: all(200) },
  {
    route: "page checkout",
    what: "checkout (visitors see the login panel)",
    method: "GET",
    path: "/checkout",
    expect: all(200),
    private: street,
  },
  {
    route: "data checkout",
    what: "checkout data",
    method: "GET",
    path: "/checkout.data",
    expect: all(200),
    private: street,
  },
  {
    route: "page payment-success",
    what: "payment result",
    method: "GET",
    path: (r) => `/payment-success?session_id=${r.viewSessionId}`,
    expect: all(200),
  },
  {
    route: "data payment-success",
    what: "payment result data",
    method: "GET",
    path: "/payment-success.data",
    expect: all(200),
  },
  {
    route: "page payment-cancelled",
    what: "payment cancelled",
    method: "GET",
    path: "/payment-cancelled",
    expect: all(200),
  },
  { route: "page :page", what: "an information page", method: "GET", path: "/about", expect: all(200) },
  { route: "data :page", what: "an information page's data", method: "GET", path: "/about.data", expect: all(200) },
  { route: "page :page", what: "an unknown information page", method: "GET", path: "/no-such-page", expect: all(404) },
  { route: "page *", what: "an unknown address", method: "GET", path: "/no/such/page", expect: all(404) },
  { route: "data *", what: "an unknown address's data", method: "GET", path: "/no/such/page.data", expect: all(404) },

  // Account pages for visitors: signed in, there is nothing to do there.
  {
    route: "page login",
    what: "login",
    method: "GET",
    path: "/login",
    expect: [
      ["visitor", 200],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "data login",
    what: "login data",
    method: "GET",
    path: "/login.data",
    expect: [
      ["visitor", 200],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "page register",
    what: "register",
    method: "GET",
    path: "/register",
    expect: [
      ["visitor", 200],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "data register",
    what: "register data",
    method: "GET",
    path: "/register.data",
    expect: [
      ["visitor", 200],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  { route: "page forgot-password", what: "forgot password", method: "GET", path: "/forgot-password", expect: all(200) },
  {
    route: "page reset-password",
    what: "reset password",
    method: "GET",
    path: "/reset-password?token=x",
    expect: all(200),
  },
  {
    route: "data reset-password",
    what: "reset password data",
    method: "GET",
    path: "/reset-password.data",
    expect: all(200),
  },
  // Without ?error it only sends on to /login (better-auth verified the link before).
  {
    route: "page verify-email",
    what: "verify e-mail",
    method: "GET",
    path: "/verify-email",
    expect: all({ status: 302, to: "/login" }),
  },
  {
    route: "page verify-email",
    what: "a used verification link",
    method: "GET",
    path: "/verify-email?error=LINK_USED",
    expect: all(200),
  },
  {
    route: "data verify-email",
    what: "verify e-mail data",
    method: "GET",
    path: "/verify-email.data?error=LINK_USED",
    expect: all(200),
  },
  {
    route: "page auth/complete",
    what: "back from Google",
    method: "GET",
    path: "/auth/complete",
    expect: [
      ["visitor", { status: 302, to: "/login" }],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "data auth/complete",
    what: "back from Google, data",
    method: "GET",
    path: "/auth/complete.data",
    expect: [
      ["visitor", { status: 302, to: "/login" }],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  { route: "page logout", what: "a visit to /logout", method: "GET", path: "/logout", expect: all(home) },
  { route: "data logout", what: "/logout data", method: "GET", path: "/logout.data", expect: all(home) },

  // Signed-in pages: each person sees their own (the loaders read the session, never an id from the request).
  {
    route: "page profile",
    what: "profile",
    method: "GET",
    path: "/profile",
    expect: signedIn("/profile"),
    private: email,
  },
  {
    route: "data profile",
    what: "profile data",
    method: "GET",
    path: "/profile.data",
    expect: signedIn("/profile"),
    private: email,
  },
  {
    route: "page addresses",
    what: "addresses",
    method: "GET",
    path: "/addresses",
    expect: signedIn("/addresses"),
    private: street,
  },
  {
    route: "data addresses",
    what: "addresses data",
    method: "GET",
    path: "/addresses.data",
    expect: signedIn("/addresses"),
    private: street,
  },
  { route: "page orders", what: "orders", method: "GET", path: "/orders", expect: signedIn("/orders"), private: order },
  {
    route: "data orders",
    what: "orders data",
    method: "GET",
    path: "/orders.data",
    expect: signedIn("/orders"),
    private: order,
  },

  // The sandbox's payment pages: the shopper who started the payment only.
  {
    route: "page sandbox/paypal/:id",
    what: "sandbox PayPal approval",
    method: "GET",
    path: (r) => `/sandbox/paypal/${r.walletOrderId}`,
    expect: ownSandboxPage((r) => `/sandbox/paypal/${r.walletOrderId}`, 200),
  },
  {
    route: "data sandbox/paypal/:id",
    what: "sandbox PayPal approval data",
    method: "GET",
    path: (r) => `/sandbox/paypal/${r.walletOrderId}.data`,
    expect: ownSandboxPage((r) => `/sandbox/paypal/${r.walletOrderId}`, 200),
  },
  {
    route: "page sandbox/checkout/:id",
    what: "sandbox card page",
    method: "GET",
    path: (r) => `/sandbox/checkout/${r.viewSessionId}`,
    expect: ownSandboxPage((r) => `/sandbox/checkout/${r.viewSessionId}`, 200),
  },
  {
    route: "data sandbox/checkout/:id",
    what: "sandbox card page data",
    method: "GET",
    path: (r) => `/sandbox/checkout/${r.viewSessionId}.data`,
    expect: ownSandboxPage((r) => `/sandbox/checkout/${r.viewSessionId}`, 200),
  },

  // Administrator pages.
  {
    route: "page admin",
    what: "dashboard",
    method: "GET",
    path: "/admin?tab=orders",
    expect: adminPage,
    private: { ...order, seenBy: ["shopper", "admin"] },
  },
  {
    route: "data admin",
    what: "dashboard data",
    method: "GET",
    path: "/admin.data?tab=orders",
    expect: adminPage,
    private: { ...order, seenBy: ["shopper", "admin"] },
  },
  { route: "page admin", what: "failed e-mails", method: "GET", path: "/admin?tab=mail", expect: adminPage },
  { route: "page admin", what: "discount codes", method: "GET", path: "/admin?tab=discounts", expect: adminPage },
  { route: "page admin", what: "search synonyms", method: "GET", path: "/admin?tab=search", expect: adminPage },
  { route: "data admin", what: "failed e-mails data", method: "GET", path: "/admin.data?tab=mail", expect: adminPage },
  {
    route: "page admin/add-product",
    what: "add product",
    method: "GET",
    path: "/admin/add-product",
    expect: adminPage,
  },
  {
    route: "data admin/add-product",
    what: "add product data",
    method: "GET",
    path: "/admin/add-product.data",
    expect: adminPage,
  },
  {
    route: "page admin/edit-product/:id",
    what: "edit product",
    method: "GET",
    path: (r) => `/admin/edit-product/${r.productId}`,
    expect: adminPage,
  },
  {
    route: "data admin/edit-product/:id",
    what: "edit product data",
    method: "GET",
    path: (r) => `/admin/edit-product/${r.productId}.data`,
    expect: adminPage,
  },
];
