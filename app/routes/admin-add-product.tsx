import { ProductFormPage } from "~/components/admin/product-form-page";
import { type ProductFormResult, productFormAction } from "~/lib/product-form-action.server";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/admin-add-product";

export async function loader({ request, context }: Route.LoaderArgs) {
  await context.services.auth.requireAdmin(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return productFormAction("add", request, context);
}

export function meta() {
  return [...pageMeta("Add Product"), { name: "robots", content: "noindex" }];
}

export default function AdminAddProduct({ actionData }: Route.ComponentProps) {
  return <ProductFormPage title="Add Product" mode="add" result={actionData as ProductFormResult | undefined} />;
}
