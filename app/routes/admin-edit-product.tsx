import { Link, redirect } from "react-router";
import { ProductForm } from "../components/admin/product-form";
import { adminPath } from "../lib/admin-notices";
import { useActionToast } from "../lib/use-action-toast";
import { type ProductFormResult, productFormAction } from "../lib/product-form-action.server";
import { pageMeta } from "../lib/store";
import type { Route } from "./+types/admin-edit-product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await context.services.auth.requireAdmin(request);
  let product: Awaited<ReturnType<typeof context.services.adminCatalog.getProduct>>;
  try {
    product = await context.services.adminCatalog.getProduct(params.id);
  } catch (error) {
    context.logger.error({ err: error, productId: params.id }, "loading a product to edit failed");
    throw redirect(adminPath("overview", "product-load-failed"));
  }
  // 'Product not found', then /admin (docs/product.md §2).
  if (!product) throw redirect(adminPath("overview", "product-not-found"));
  return { product };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return productFormAction("edit", request, context, params.id);
}

export function meta({ data }: Route.MetaArgs) {
  return [...pageMeta(data ? `Edit ${data.product.title}` : "Edit Product"), { name: "robots", content: "noindex" }];
}

export default function AdminEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  const result = actionData as ProductFormResult | undefined;
  useActionToast(result);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/admin" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to Admin
      </Link>
      <h1 className="mt-3 font-display text-3xl sm:text-4xl">Edit Product</h1>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-8">
        {/* Keyed by product and save time, so a saved or different product starts the form afresh. */}
        <ProductForm key={`${product.id}-${product.updatedAt}`} mode="edit" product={product} serverErrors={result?.errors} />
      </div>
    </div>
  );
}
