import { Link } from "react-router";
import { ProductForm } from "../components/admin/product-form";
import { useActionToast } from "../lib/use-action-toast";
import { type ProductFormResult, productFormAction } from "../lib/product-form-action.server";
import { pageMeta } from "../lib/store";
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
  const result = actionData as ProductFormResult | undefined;
  useActionToast(result);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/admin" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to Admin
      </Link>
      <h1 className="mt-3 font-display text-3xl sm:text-4xl">Add Product</h1>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-8">
        <ProductForm mode="add" serverErrors={result?.errors} />
      </div>
    </div>
  );
}
