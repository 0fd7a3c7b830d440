import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("product/:id", "routes/product.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("auth/complete", "routes/auth-complete.tsx"),
  route("logout", "routes/logout.tsx"),
  route("profile", "routes/profile.tsx"),
  route("addresses", "routes/addresses.tsx"),
  route("orders", "routes/orders.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/add-product", "routes/admin-add-product.tsx"),
  route("admin/edit-product/:id", "routes/admin-edit-product.tsx"),
  route(":page", "routes/info-page.tsx", { id: "info-page" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
