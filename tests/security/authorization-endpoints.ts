import {
  adminAction,
  all,
  cart,
  home,
  ownApi,
  ownSandboxPage,
  type Row,
  shopperApi,
  signedIn,
  toLogin,
} from "./authorization-rows";

/** Rows of the matrix for page actions (form posts) and for the HTTP endpoints outside the pages. */

const form = (fields: Record<string, string>) => () => ({ form: fields });

export const ACTION_ROWS: Row[] = [
  // Forms anyone may post; none of these bodies can succeed, and the answer is the same for everyone.
  // Signed in, the login and register pages send home (their loaders run after the action).
  {
    route: "action login",
    what: "sign in with a wrong password",
    method: "POST",
    path: "/login",
    body: form({ email: "nobody@example.com", password: "Wrong-Password-1" }),
    expect: [
      ["visitor", 401],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "action register",
    what: "register without fields",
    method: "POST",
    path: "/register",
    body: form({}),
    expect: [
      ["visitor", 400],
      ["other", home],
      ["admin", home],
      ["shopper", home],
    ],
  },
  {
    route: "action forgot-password",
    what: "ask for a reset link",
    method: "POST",
    path: "/forgot-password",
    body: form({ email: "nobody@example.com" }),
    expect: all(200),
  },
  {
    route: "action reset-password",
    what: "reset with a made-up token",
    method: "POST",
    path: "/reset-password",
    body: form({ token: "made-up", password: "Fresh-Harbor-314", confirmPassword: "Fresh-Harbor-314" }),
    expect: all(400),
  },
  // Signed in, better-auth resends only to the session's own (already verified) address: 400.
  {
    route: "action verify-email",
    what: "resend a verification link",
    method: "POST",
    path: "/verify-email?error=LINK_USED",
    body: form({ email: "nobody@example.com" }),
    expect: [
      ["visitor", 200],
      ["other", 400],
      ["admin", 400],
      ["shopper", 400],
    ],
  },
  {
    route: "action logout",
    what: "Sign Out",
    method: "POST",
    path: "/logout",
    body: form({}),
    freshSession: true,
    expect: all(home),
  },

  // The product page's reviews: anyone signed in may post one per product (the shopper has theirs
  // already: 409); only its author edits it; its author and the administrator delete it.
  {
    route: "action product/:id",
    what: "post a review",
    method: "POST",
    path: (r) => `/product/${r.productId}`,
    body: form({ intent: "review", rating: "4", text: "Matrix review" }),
    expect: [
      ["visitor", 401],
      ["other", 200],
      ["admin", 200],
      ["shopper", 409],
    ],
  },
  {
    route: "action product/:id",
    what: "edit the shopper's review",
    method: "POST",
    path: (r) => `/product/${r.productId}`,
    body: (r) => ({ form: { intent: "update-review", reviewId: r.reviewId, rating: "3", text: "Edited" } }),
    expect: [
      ["visitor", 401],
      ["other", 403],
      ["admin", 403],
      ["shopper", 200],
    ],
  },
  {
    route: "action product/:id",
    what: "delete the shopper's review",
    method: "POST",
    path: (r) => `/product/${r.productId}`,
    body: (r) => ({ form: { intent: "delete-review", reviewId: r.reviewId } }),
    expect: [
      ["visitor", 401],
      ["other", 403],
      ["shopper", 200],
      ["admin", 404],
    ],
  },

  // Signed-in forms change the asker's own records; an id of someone else's is not found.
  {
    route: "action profile",
    what: "change the profile",
    method: "POST",
    path: "/profile",
    body: form({ firstName: "Matrix", lastName: "Tester", phone: "" }),
    expect: signedIn("/profile"),
  },
  {
    route: "action addresses",
    what: "make the shopper's address the default",
    method: "POST",
    path: "/addresses",
    body: (r) => ({ form: { intent: "set-default", id: r.addressId } }),
    expect: [
      ["visitor", toLogin("/addresses")],
      ["other", 404],
      ["admin", 404],
      ["shopper", 200],
    ],
  },
  {
    route: "action addresses",
    what: "delete the shopper's address",
    method: "POST",
    path: "/addresses",
    body: (r) => ({ form: { intent: "delete", id: r.addressId } }),
    expect: [
      ["visitor", toLogin("/addresses")],
      ["other", 404],
      ["admin", 404],
    ],
  },
  // My Orders' one form is Cancel order (decision 033): only the order's own customer may, and only while placed or confirmed.
  {
    route: "action orders",
    what: "cancel the shopper's order",
    method: "POST",
    path: "/orders",
    body: (r) => ({ form: { intent: "cancel-order", orderId: r.shopperOrderId } }),
    expect: [
      ["visitor", toLogin("/orders")],
      ["other", 404],
      ["admin", 404],
    ],
  },
  {
    route: "action orders",
    what: "ask for a return of the shopper's order",
    method: "POST",
    path: "/orders",
    body: (r) => ({
      form: { intent: "request-return", orderId: r.shopperOrderId, "quantity-0": "1", reason: "other" },
    }),
    // The shopper's order is not delivered: refused, nothing asked (docs/decisions/052-return-requests.md).
    expect: [
      ["visitor", toLogin("/orders")],
      ["other", 404],
      ["admin", 404],
      ["shopper", 409],
    ],
  },
  {
    route: "action orders",
    what: "My Orders' form without an intent",
    method: "POST",
    path: "/orders",
    body: form({ orderId: "x" }),
    expect: [
      ["visitor", toLogin("/orders")],
      ["other", 400],
      ["admin", 400],
      ["shopper", 400],
    ],
  },
  // The approval page's one form is Approve.
  {
    route: "action sandbox/paypal/:id",
    what: "approve on the sandbox PayPal page",
    method: "POST",
    path: (r) => `/sandbox/paypal/${r.pageApproveOrderId}`,
    body: form({}),
    expect: ownSandboxPage((r) => `/sandbox/paypal/${r.pageApproveOrderId}`, 200),
  },
  {
    route: "action sandbox/checkout/:id",
    what: "sandbox card page's form",
    method: "POST",
    path: (r) => `/sandbox/checkout/${r.viewSessionId}`,
    body: form({ intent: "neither" }),
    expect: ownSandboxPage((r) => `/sandbox/checkout/${r.viewSessionId}`, 400),
  },

  // Administrator forms: refused before the body is read; the administrator's incomplete form is 400.
  {
    route: "action admin",
    what: "dashboard action",
    method: "POST",
    path: "/admin",
    body: form({ intent: "neither" }),
    expect: adminAction(400),
  },
  {
    route: "action admin",
    what: "delete a product",
    method: "POST",
    path: "/admin",
    body: () => ({ form: { intent: "delete-product", productId: "00000000-0000-4000-8000-000000000000" } }),
    expect: adminAction(404),
  },
  ...(["approve-return", "decline-return", "refund-return"] as const).map(
    (intent): Row => ({
      route: "action admin",
      what: `answer a return request (${intent})`,
      method: "POST",
      path: "/admin?tab=orders",
      body: () => ({ form: { intent, requestId: "00000000-0000-4000-8000-000000000000", note: "No." } }),
      expect: adminAction(404),
    }),
  ),
  {
    route: "action admin",
    what: "retry a failed e-mail",
    method: "POST",
    path: "/admin?tab=mail",
    body: () => ({ form: { intent: "retry-mail", mailId: "00000000-0000-4000-8000-000000000000" } }),
    expect: adminAction(404),
  },
  {
    route: "action admin",
    what: "save a discount code",
    method: "POST",
    path: "/admin?tab=discounts",
    body: () => ({ form: { intent: "save-discount", code: "MATRIX", kind: "percent", value: "150" } }),
    expect: adminAction(400),
  },
  {
    route: "action admin",
    what: "save a size guide",
    method: "POST",
    path: "/admin?tab=size-guides",
    body: () => ({ form: { intent: "save-size-guide", category: "Shoes", "cm.M.foot": "9999" } }),
    expect: adminAction(400),
  },
  {
    route: "action admin",
    what: "switch a discount code off",
    method: "POST",
    path: "/admin?tab=discounts",
    body: () => ({
      form: { intent: "toggle-discount", discountId: "00000000-0000-4000-8000-000000000000", active: "false" },
    }),
    expect: adminAction(404),
  },
  {
    route: "action admin",
    what: "add a search synonym group",
    method: "POST",
    path: "/admin?tab=search",
    body: () => ({ form: { intent: "add-synonyms", terms: "only-one" } }),
    expect: adminAction(400),
  },
  {
    route: "action admin",
    what: "delete a search synonym group",
    method: "POST",
    path: "/admin?tab=search",
    body: () => ({ form: { intent: "delete-synonyms", synonymId: "00000000-0000-4000-8000-000000000000" } }),
    expect: adminAction(404),
  },
  {
    route: "action admin/add-product",
    what: "add a product",
    method: "POST",
    path: "/admin/add-product",
    body: () => ({ multipart: { title: "" } }),
    expect: adminAction(400),
  },
  {
    route: "action admin/edit-product/:id",
    what: "edit a product",
    method: "POST",
    path: (r) => `/admin/edit-product/${r.productId}`,
    body: () => ({ multipart: { title: "" } }),
    expect: adminAction(400),
  },
];

export const ENDPOINT_ROWS: Row[] = [
  { route: "GET /healthz", what: "liveness", method: "GET", path: "/healthz", expect: all(200) },
  { route: "GET /readyz", what: "readiness", method: "GET", path: "/readyz", expect: all(200) },
  // Prometheus' metrics: METRICS_TOKEN or this machine only (decision 042); none of these has either, and a
  // session opens nothing: the address is answered as one that does not exist.
  { route: "GET /metrics", what: "the store's metrics", method: "GET", path: "/metrics", expect: all(404) },
  { route: "GET /robots.txt", what: "robots.txt", method: "GET", path: "/robots.txt", expect: all(200) },
  { route: "GET /sitemap.xml", what: "sitemap", method: "GET", path: "/sitemap.xml", expect: all(200) },
  // SMTP is configured here: the local mailbox does not exist (it answers only loopback requests otherwise).
  { route: "GET /dev/mailbox", what: "local mailbox", method: "GET", path: "/dev/mailbox", expect: all(404) },
  {
    route: "GET /dev/mailbox/:id",
    what: "a local mailbox message",
    method: "GET",
    path: "/dev/mailbox/1",
    expect: all(404),
  },
  // The mail preview has the mailbox's guard (mail-preview.test.ts): SMTP is configured here.
  { route: "GET /dev/mail-preview", what: "mail preview", method: "GET", path: "/dev/mail-preview", expect: all(404) },
  {
    route: "GET /dev/mail-preview/:id",
    what: "one e-mail's preview",
    method: "GET",
    path: "/dev/mail-preview/order-confirmation",
    expect: all(404),
  },
  {
    route: "GET /media/*",
    what: "an image that does not exist",
    method: "GET",
    path: "/media/products/none-320.webp",
    expect: all(404),
  },

  { route: "GET /api/auth/*", what: "the session", method: "GET", path: "/api/auth/get-session", expect: all(200) },
  {
    route: "POST /api/auth/*",
    what: "sign out through the API",
    method: "POST",
    path: "/api/auth/sign-out",
    body: () => ({ json: {} }),
    freshSession: true,
    expect: all(200),
  },
  {
    route: "POST /api/csp-report",
    what: "a browser's CSP violation report (logged, never stored)",
    method: "POST",
    path: "/api/csp-report",
    body: () => ({
      json: {
        "csp-report": {
          "document-uri": "http://store.test/",
          "violated-directive": "script-src-elem",
          "blocked-uri": "inline",
        },
      },
    }),
    expect: all(204),
  },
  {
    route: "GET /api/search/suggest",
    what: "the search box's suggestions (public: products and categories)",
    method: "GET",
    path: "/api/search/suggest?q=dress",
    expect: all(200),
  },
  {
    route: "GET /api/events",
    what: "the live stream (each hears only what is theirs)",
    method: "GET",
    path: "/api/events",
    expect: all(200),
  },
  // Resumable uploads (decision 057): the administrator only, on every request, before tus reads anything.
  {
    route: "POST /api/uploads",
    what: "start a resumable upload",
    method: "POST",
    path: "/api/uploads",
    body: () => ({ tus: { "Tus-Resumable": "1.0.0", "Upload-Length": "10" } }),
    expect: adminAction(201),
  },
  {
    route: "GET /api/uploads/:id",
    what: "ask an upload's offset (HEAD; another's or unknown: not found)",
    method: "HEAD",
    path: "/api/uploads/0123456789abcdef0123456789abcdef",
    body: () => ({ tus: { "Tus-Resumable": "1.0.0" } }),
    expect: adminAction(404),
  },
  {
    route: "PATCH /api/uploads/:id",
    what: "send a chunk",
    method: "PATCH",
    path: "/api/uploads/0123456789abcdef0123456789abcdef",
    body: () => ({
      tus: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      bytes: "0123456789",
    }),
    expect: adminAction(404),
  },
  {
    route: "DELETE /api/uploads/:id",
    what: "cancel an upload",
    method: "DELETE",
    path: "/api/uploads/0123456789abcdef0123456789abcdef",
    body: () => ({ tus: { "Tus-Resumable": "1.0.0" } }),
    expect: adminAction(404),
  },
  {
    route: "POST /api/cart/quote",
    what: "price a cart",
    method: "POST",
    path: "/api/cart/quote",
    body: (r) => ({ json: { lines: [{ productId: r.productId, quantity: 1 }] } }),
    expect: shopperApi(200),
  },

  // Payments: a new payment is anyone's who is signed in (to their own address); an existing one is its shopper's only.
  {
    route: "POST /api/create-paypal-order",
    what: "start a PayPal payment",
    method: "POST",
    path: "/api/create-paypal-order",
    body: cart,
    expect: shopperApi(200),
  },
  {
    route: "POST /api/create-paypal-order",
    what: "start a PayPal payment to the shopper's address",
    method: "POST",
    path: "/api/create-paypal-order",
    body: (r) => ({
      json: { lines: [{ productId: r.productId, quantity: 6 }], shippingAddressId: r.addressId, sameAsShipping: true },
    }),
    expect: [
      ["visitor", 401],
      ["other", 404],
      ["admin", 404],
      ["shopper", 200],
    ],
  },
  {
    route: "POST /api/capture-paypal-order",
    what: "capture the shopper's PayPal order",
    method: "POST",
    path: "/api/capture-paypal-order",
    body: (r) => ({ json: { orderId: r.walletOrderId } }),
    // The owner's order is not approved yet: a refused PaymentResult (409, decision 046); anyone else's is not found.
    expect: ownApi(409),
  },
  {
    route: "POST /api/verify-paypal-order",
    what: "verify the shopper's PayPal order",
    method: "POST",
    path: "/api/verify-paypal-order",
    body: (r) => ({ json: { orderId: r.walletOrderId } }),
    expect: ownApi(200),
  },
  {
    route: "POST /api/create-stripe-session",
    what: "start a card payment",
    method: "POST",
    path: "/api/create-stripe-session",
    body: cart,
    expect: shopperApi(200),
  },
  // Stripe calls this; without Stripe keys there is no webhook at all.
  {
    route: "POST /api/stripe-webhook",
    what: "Stripe's webhook",
    method: "POST",
    path: "/api/stripe-webhook",
    body: () => ({ json: {} }),
    expect: all(404),
  },
  // The success page's check: anyone holding the session id (Stripe's own design: the id is in the return address).
  {
    route: "GET /api/checkout/stripe-session/:sessionId",
    what: "the success page's check",
    method: "GET",
    path: (r) => `/api/checkout/stripe-session/${r.viewSessionId}`,
    expect: all(200),
  },
  {
    route: "GET /api/sandbox/paypal/:orderId",
    what: "the sandbox PayPal order",
    method: "GET",
    path: (r) => `/api/sandbox/paypal/${r.walletOrderId}`,
    expect: ownApi(200),
  },
  {
    route: "POST /api/sandbox/paypal/:orderId/approve",
    what: "approve the sandbox PayPal order",
    method: "POST",
    path: (r) => `/api/sandbox/paypal/${r.apiApproveOrderId}/approve`,
    body: () => ({ json: {} }),
    expect: ownApi(200),
  },
  {
    route: "GET /api/sandbox/checkout/:sessionId",
    what: "the sandbox card session",
    method: "GET",
    path: (r) => `/api/sandbox/checkout/${r.viewSessionId}`,
    expect: ownApi(200),
  },
  {
    route: "POST /api/sandbox/checkout/:sessionId/pay",
    what: "pay the sandbox card session",
    method: "POST",
    path: (r) => `/api/sandbox/checkout/${r.paySessionId}/pay`,
    body: () => ({ json: {} }),
    expect: ownApi(200),
  },
  {
    route: "POST /api/sandbox/checkout/:sessionId/cancel",
    what: "cancel the sandbox card session",
    method: "POST",
    path: (r) => `/api/sandbox/checkout/${r.cancelSessionId}/cancel`,
    body: () => ({ json: {} }),
    expect: ownApi(200),
  },
];
