import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route(":page", "routes/info-page.tsx", { id: "info-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
