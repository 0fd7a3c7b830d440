import { describe, expect, it } from "vitest";
import { createPageRouteLabels, UNMATCHED_ROUTE } from "./route-label";

/** The store's routes as React Router's build lists them (app/routes.ts), plus a nested layout. */
const route = (id: string, path: string | undefined, extra: { index?: boolean; parentId?: string } = {}) => ({
  id,
  path,
  parentId: "root",
  module: {},
  ...extra,
});
const ROUTES = {
  root: { id: "root", path: "", module: {} },
  "routes/home": route("routes/home", undefined, { index: true }),
  "routes/product": route("routes/product", "product/:id"),
  "routes/cart": route("routes/cart", "cart"),
  "routes/admin": route("routes/admin", "admin"),
  "routes/admin-add-product": route("routes/admin-add-product", "admin/add-product"),
  "routes/admin-edit-product": route("routes/admin-edit-product", "admin/edit-product/:id"),
  "routes/auth-complete": route("routes/auth-complete", "auth/complete"),
  "info-page": route("info-page", ":page"),
  "routes/not-found": route("routes/not-found", "*"),
  "routes/account": route("routes/account", "account"),
  "routes/account-home": route("routes/account-home", undefined, { index: true, parentId: "routes/account" }),
  "routes/account-order": route("routes/account-order", "orders/:id", { parentId: "routes/account" }),
};
const BUILD = { routes: ROUTES, routeDiscovery: { mode: "lazy" as const, manifestPath: "/__manifest" } };
const ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";

describe("the route a page request is counted under", () => {
  const labels = createPageRouteLabels();
  labels.use(BUILD);

  it.each([
    ["/", "/"],
    [`/product/${ID}`, "/product/:id"],
    ["/product/not-a-uuid-at-all", "/product/:id"],
    [`/product/${ID}.data`, "/product/:id.data"],
    ["/_root.data", "/_root.data"],
    ["/cart", "/cart"],
    ["/cart/", "/cart"],
    ["/cart.data", "/cart.data"],
    ["/admin/add-product", "/admin/add-product"],
    [`/admin/edit-product/${ID}`, "/admin/edit-product/:id"],
    ["/auth/complete", "/auth/complete"],
    // One segment that is no route of its own: the information page's route (it answers 404 itself).
    ["/about", "/:page"],
    ["/wp-login.php", "/:page"],
    // Anything deeper that no route names: one label, whatever the path.
    ["/no/such/page", "/*"],
    ["/.env/../../etc/passwd", "/*"],
    ["/a/b/c/d/e/f/g.data", "/*.data"],
    ["/__manifest", "/__manifest"],
    ["/account", "/account"],
    ["/account/orders/7", "/account/orders/:id"],
  ])("%s is counted as %s", (path, label) => {
    expect(labels.label(path)).toBe(label);
  });

  it("counts everything as one label before it knows the routes (an app without pages)", () => {
    const empty = createPageRouteLabels();
    expect(empty.label("/")).toBe(UNMATCHED_ROUTE);
    expect(empty.label(`/product/${ID}`)).toBe(UNMATCHED_ROUTE);
  });

  it("follows a new build's routes (the dev server's reloads)", () => {
    const changing = createPageRouteLabels();
    changing.use(BUILD);
    expect(changing.label("/cart")).toBe("/cart");
    const { "routes/cart": _, ...withoutCart } = ROUTES;
    changing.use({ ...BUILD, routes: withoutCart });
    expect(changing.label("/cart")).toBe("/:page");
  });
});
