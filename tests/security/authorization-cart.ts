import { expect } from "vitest";
import { type Row, shopperApi, toLogin } from "./authorization-rows";

/**
 * Rows of the matrix for the cart that follows the shopper (docs/decisions/050-server-cart.md):
 * the saved cart's endpoints, the product page's Add to cart as a form post and the cart page's
 * forms. Whose cart it is comes from the session only: each identity changes its own.
 */

const form = (fields: Record<string, string>) => () => ({ form: fields });

export const CART_ROWS: Row[] = [
  // "Add to cart" without JavaScript: into the asker's own saved cart; a visitor goes to /login with the choice.
  {
    route: "action product/:id",
    what: "Add to cart as a form post",
    method: "POST",
    path: (r) => `/product/${r.productId}`,
    body: form({ intent: "add-to-cart", quantity: "1" }),
    expect: [
      [
        "visitor",
        {
          status: 302,
          to: expect.stringMatching(
            /^\/login\?redirectTo=%2Fproduct%2F[0-9a-f-]{36}%3Fquantity%3D1%26add%3D[0-9a-f]{32}$/,
          ),
        },
      ],
      ["other", (r) => ({ status: 303, to: `/product/${r.productId}` })],
      ["admin", (r) => ({ status: 303, to: `/product/${r.productId}` })],
      ["shopper", (r) => ({ status: 303, to: `/product/${r.productId}` })],
    ],
  },
  {
    route: "action cart",
    what: "the cart page's quantity and Remove as form posts (the asker's own saved cart)",
    method: "POST",
    path: "/cart",
    body: form({ intent: "remove", key: "[]" }),
    expect: [
      ["visitor", toLogin("/cart")],
      ["other", { status: 303, to: "/cart" }],
      ["admin", { status: 303, to: "/cart" }],
      ["shopper", { status: 303, to: "/cart" }],
    ],
  },

  {
    route: "GET /api/cart",
    what: "read one's own saved cart (whose comes from the session)",
    method: "GET",
    path: "/api/cart",
    expect: shopperApi(200),
  },
  {
    route: "PUT /api/cart",
    what: "send one's own cart to the server (whose comes from the session)",
    method: "PUT",
    path: "/api/cart",
    body: (r) => ({ json: { lines: [{ productId: r.productId, quantity: 1 }], baseVersion: null } }),
    expect: shopperApi(200),
  },
];
