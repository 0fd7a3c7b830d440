import { type Row, toLogin } from "./authorization-rows";

/**
 * Rows of the matrix for "Notify me" (docs/decisions/061-stock-alerts.md). Whose request it is
 * comes from the session only; the unsubscribe page trusts its signed token and nothing else.
 * (The product here is in stock, so a request is refused with a toast; the rules themselves are
 * server/catalog/stock-alerts.integration.test.ts and tests/security/stock-alerts-attacks.test.ts.)
 */
const profileList = { status: 302 as const, to: "/profile#stock-alerts" };

export const STOCK_ALERT_ROWS: Row[] = [
  {
    route: "page stock-alerts",
    what: "the alerts' address",
    method: "GET",
    path: "/stock-alerts",
    expect: all(profileList),
  },
  {
    route: "data stock-alerts",
    what: "the alerts' address, data",
    method: "GET",
    path: "/stock-alerts.data",
    expect: all(profileList),
  },
  {
    route: "action stock-alerts",
    what: "Notify me, as a form post",
    method: "POST",
    path: "/stock-alerts",
    body: (r) => ({ form: { intent: "request", productId: r.productId } }),
    expect: [
      ["visitor", (r) => toLogin(`/product/${r.productId}`)],
      ["other", (r) => ({ status: 303, to: `/product/${r.productId}` })],
      ["admin", (r) => ({ status: 303, to: `/product/${r.productId}` })],
      ["shopper", (r) => ({ status: 303, to: `/product/${r.productId}` })],
    ],
  },
  {
    route: "action stock-alerts",
    what: "cancel a stock alert nobody has",
    method: "POST",
    path: "/stock-alerts",
    body: () => ({ form: { intent: "cancel", alertId: "6f1c0a52-8c4b-4a39-9d3e-1f2a3b4c5d6e" } }),
    expect: [
      ["visitor", toLogin("/profile#stock-alerts")],
      ["other", { status: 303, to: "/profile#stock-alerts" }],
      ["admin", { status: 303, to: "/profile#stock-alerts" }],
      ["shopper", { status: 303, to: "/profile#stock-alerts" }],
    ],
  },
  {
    route: "page stock-alerts/unsubscribe",
    what: "the unsubscribe page without its token",
    method: "GET",
    path: "/stock-alerts/unsubscribe",
    expect: all(400),
  },
  {
    route: "data stock-alerts/unsubscribe",
    what: "the unsubscribe page's data with a forged token",
    method: "GET",
    path: "/stock-alerts/unsubscribe.data?token=abc.def",
    expect: all(400),
  },
  {
    route: "POST /stock-alerts/unsubscribe",
    what: "a one-click unsubscribe with a forged token",
    method: "POST",
    path: "/stock-alerts/unsubscribe?token=abc.def",
    body: () => ({ form: { "List-Unsubscribe": "One-Click" } }),
    expect: all(400),
  },
];

function all(expected: Row["expect"][number][1]): Row["expect"] {
  return (["visitor", "other", "admin", "shopper"] as const).map((who) => [who, expected]);
}
