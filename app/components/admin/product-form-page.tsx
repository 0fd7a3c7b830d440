import { Link } from "react-router";
import type { ProductFormResult } from "~/lib/product-form-action.server";
import { useActionToast } from "~/lib/use-action-toast";
import { ProductForm, type ProductFormProps } from "./product-form";

/**
 * The page around the add- and edit-product form: Back to Admin, the heading, the form in
 * its card, and the toast of the action's answer.
 */
export function ProductFormPage({
  title,
  result,
  formKey,
  ...form
}: {
  title: string;
  result: ProductFormResult | undefined;
  /** A new key starts the form afresh (the edit page: another product, or the same one saved). */
  formKey?: string;
} & Omit<ProductFormProps, "serverErrors">) {
  useActionToast(result);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/admin" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Back to Admin
      </Link>
      <h1 className="mt-3 font-display text-3xl sm:text-4xl">{title}</h1>
      <div className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-8">
        <ProductForm key={formKey} {...form} serverErrors={result?.errors} />
      </div>
    </div>
  );
}
