import { type AppLoadContext, data, redirect } from "react-router";
import type { FieldErrors } from "../../domain/forms";
import { parseFields } from "../../domain/forms";
import { messages } from "../../domain/messages";
import { type ProductFormMode, productFormValues, productSchema } from "../../domain/product-schemas";
import { savedProductPath } from "../../domain/admin-products";
import { adminPath } from "./admin-notices";
import { type AdminResult, adminResult } from "./admin-result";
import { refusalOf } from "./page-failure.server";

export interface ProductFormResult extends AdminResult {
  errors?: FieldErrors;
}

const FAILED = { add: messages.admin.productAddFailed, edit: messages.admin.productUpdateFailed } as const;

/** Texts of docs/product.md §8 that are themselves the toast; anything else is shown under 'Failed to add/update product'. */
const OWN_TOASTS: readonly string[] = [
  messages.admin.titleAndPriceRequired,
  messages.admin.atLeastOneImage,
  messages.admin.maxImages,
  messages.admin.productNotFound,
];

function refused(mode: ProductFormMode, errors: FieldErrors, status: number) {
  const first = Object.values(errors)[0] ?? "";
  const result = OWN_TOASTS.includes(first)
    ? adminResult(false, first)
    : adminResult(false, FAILED[mode], first || undefined);
  return data<ProductFormResult>({ ...result, errors }, { status });
}

/**
 * The add and edit actions: the administrator only (checked before the body is read),
 * the fields through the form's schema, the finished uploads and the files to the image pipeline, then to the saved
 * product's row in the Products tab, marked and focused, with the documented message (docs/product.md §5). A refusal answers with the reason next to the field concerned.
 */
export async function productFormAction(
  mode: ProductFormMode,
  request: Request,
  context: AppLoadContext,
  productId?: string,
) {
  const admin = await context.services.auth.requireAdmin(request, "endpoint");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refused(mode, { form: "The form could not be read. Please try again." }, 400);
  }
  const parsed = parseFields(productSchema(mode), productFormValues(form));
  if (!parsed.ok) return refused(mode, parsed.errors, 400);
  const files = form.getAll("images").filter((v): v is File => typeof v !== "string");
  const keep = form.getAll("keepImages").filter((v): v is string => typeof v === "string");
  // Finished resumable uploads (decision 057): ids only; the server checks they are this administrator's.
  const uploads = {
    ownerId: admin.id,
    ids: form.getAll("uploads").filter((v): v is string => typeof v === "string" && v !== ""),
  };

  try {
    if (mode === "add") {
      const { id } = await context.services.adminCatalog.createProduct(parsed.data, files, uploads);
      return redirect(savedProductPath(id, "product-added"));
    }
    await context.services.adminCatalog.updateProduct(productId ?? "", parsed.data, keep, files, uploads);
    return redirect(savedProductPath(productId ?? "", "product-updated"));
  } catch (error) {
    const reason = refusalOf(error);
    if (reason?.kind === "not_found") return redirect(adminPath("overview", "product-not-found"));
    // A refusal naming its field (a taken SKU: the stock grid) is shown there; the rest under the images.
    if (reason)
      return refused(
        mode,
        Object.keys(reason.fields).length ? { ...reason.fields } : { images: reason.message },
        reason.status,
      );
    context.logger.error({ err: error, mode }, "saving a product failed");
    return data<ProductFormResult>(adminResult(false, FAILED[mode]), { status: 500 });
  }
}
