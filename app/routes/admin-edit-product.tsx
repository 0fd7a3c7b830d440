import { redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductFormPage } from "~/components/admin/product-form-page";
import { adminPath } from "~/lib/admin-notices";
import { type ProductFormResult, productFormAction } from "~/lib/product-form-action.server";
import { pageMeta } from "~/lib/store";
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

/**
 * After a refused save the product is loaded again (React Router skips that after a 4xx by
 * default): the stock grid then shows the figures now and measures the typed ones against them,
 * so a save refused because stock changed meanwhile succeeds the second time (decision 035).
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 400 || defaultShouldRevalidate;
}

export function meta({ data }: Route.MetaArgs) {
  return [...pageMeta(data ? `Edit ${data.product.title}` : "Edit Product"), { name: "robots", content: "noindex" }];
}

export default function AdminEditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <ProductFormPage
      title="Edit Product"
      mode="edit"
      product={product}
      // Keyed by product and save time, so a saved or different product starts the form afresh.
      formKey={`${product.id}-${product.updatedAt}`}
      result={actionData as ProductFormResult | undefined}
    />
  );
}
