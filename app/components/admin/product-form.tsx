import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { CATEGORIES, EDIT_CATEGORIES, SIZES } from "../../../domain/catalog";
import type { FieldErrors } from "../../../domain/forms";
import { messages } from "../../../domain/messages";
import { centsToDecimalString } from "../../../domain/money";
import {
  DESCRIPTION_MAX,
  imageCountError,
  type ProductFormMode,
  productFormValues,
  productSchema,
  TITLE_MAX,
} from "../../../domain/product-schemas";
import type { AdminProductDetail } from "../../../domain/views";
import { FormAlert, FormField, inputClass, primaryButtonClass } from "~/components/ui/form-field";
import { variantUrl } from "../../../domain/images";
import { type ColorImageChoice, ColorsField } from "./colors-field";
import { ImagePicker, usePreviews } from "./image-picker";
import { StockGrid } from "./stock-grid";
import { useValidatedForm } from "~/lib/use-validated-form";
import { useResumableUploads } from "~/lib/use-resumable-uploads";
import { uploadMessages } from "../../../domain/uploads";

const subscribeNever = () => () => {};
const useHydrated = () =>
  useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );

export interface ProductFormProps {
  mode: ProductFormMode;
  product?: AdminProductDetail;
  /** Field errors from the server's answer. */
  serverErrors?: FieldErrors;
}

const LABELS = {
  add: { submit: "Add Product", busy: "Adding Product..." },
  edit: { submit: "Update Product", busy: "Updating Product..." },
} as const;

/**
 * The add- and edit-product form (docs/product.md §2, word for word). It checks with the same
 * schema as the server before sending. New pictures go to the server as they are picked
 * (resumable uploads, decision 057); the save sends the fields, the kept images and the
 * finished uploads' ids. Without JavaScript the files go with the form itself.
 */
export function ProductForm({ mode, product, serverErrors }: ProductFormProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [kept, setKept] = useState<string[]>(product?.imageUrls ?? []);
  const uploads = useResumableUploads();
  const files = useMemo(() => uploads.images.map((image) => image.file), [uploads.images]);
  // The stock grid follows the ticked sizes and the colours' names as they are edited.
  const [sizes, setSizes] = useState<string[]>(product?.sizes ?? []);
  const [colorNames, setColorNames] = useState<string[]>(() => (product?.colors ?? []).map((c) => c.name));
  const { errors, onSubmit: validate } = useValidatedForm(productSchema(mode), {
    serverErrors,
    values: productFormValues,
    check: () => {
      const countError = imageCountError(kept.length, files.length);
      return countError ? { images: countError } : null;
    },
  });
  const busy = navigation.state === "submitting";
  const categories = mode === "edit" ? EDIT_CATEGORIES : CATEGORIES;
  const noImage = kept.length + files.length === 0;
  const imageMissing = mode === "add" && hydrated && noImage;
  const uploading = uploads.images.some((image) => image.status === "queued" || image.status === "uploading");
  const uploadFailed = uploads.images.some((image) => image.status === "failed");
  const waitHint = imageMissing
    ? messages.admin.addImageToSave
    : uploading
      ? uploadMessages.waitForUploads
      : uploadFailed
        ? uploadMessages.failedUploads
        : undefined;
  const saveHintId = useId();
  const previews = usePreviews(files);
  // In the order the server saves them: kept images first, then the new files.
  const imageChoices = useMemo<ColorImageChoice[]>(
    () =>
      [
        ...kept.map((address) => ({ id: address, src: variantUrl(address, 320) })),
        // Keyed by upload, so a colour keeps its picture while other files come and go.
        ...uploads.images.map((image, i) => ({ id: image.key, src: previews[i] })),
      ].map((image, n) => ({ ...image, label: `Image ${n + 1}` })),
    [kept, uploads.images, previews],
  );

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!validate(event)) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete("images");
    form.delete("uploads");
    for (const image of uploads.images) if (image.uploadId) form.append("uploads", image.uploadId);
    submit(form, { method: "post", encType: "multipart/form-data" });
  }

  return (
    <Form method="post" encType="multipart/form-data" noValidate onSubmit={onSubmit} className="space-y-6">
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <FormField
        label="Product Title"
        name="title"
        placeholder="e.g., Premium Cotton T-Shirt"
        defaultValue={product?.title}
        maxLength={TITLE_MAX}
        required
        error={errors.title}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <label htmlFor="product-category" className="mb-1.5 block text-sm font-medium text-stone-800">
            Category
          </label>
          <select
            id="product-category"
            name="category"
            required
            defaultValue={product?.category ?? ""}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? "product-category-error" : undefined}
            className={inputClass}
          >
            <option value="">Select a category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id="product-category-error" className="mt-1 text-sm text-red-700">
              {errors.category}
            </p>
          )}
        </div>
        <FormField
          label="Price ($)"
          name="price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          placeholder="0.00"
          defaultValue={product ? centsToDecimalString(product.priceCents) : undefined}
          required
          error={errors.price}
        />
      </div>
      <div>
        <label htmlFor="product-description" className="mb-1.5 block text-sm font-medium text-stone-800">
          Description
        </label>
        <textarea
          id="product-description"
          name="description"
          rows={5}
          required
          maxLength={DESCRIPTION_MAX}
          defaultValue={product?.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "product-description-error" : undefined}
          className={inputClass}
        />
        {errors.description && (
          <p id="product-description-error" className="mt-1 text-sm text-red-700">
            {errors.description}
          </p>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Available Sizes</legend>
        <p className="mt-0.5 text-xs text-stone-500">Leave all unticked for one-size items.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {SIZES.map((size) => (
            <label
              key={size}
              className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-ink has-[:checked]:bg-brand-50"
            >
              <input
                type="checkbox"
                name="sizes"
                value={size}
                checked={sizes.includes(size)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setSizes((all) => SIZES.filter((s) => (s === size ? on : all.includes(s))));
                }}
                className="h-4 w-4"
              />
              {size}
            </label>
          ))}
        </div>
        {errors.sizes && <p className="mt-1 text-sm text-red-700">{errors.sizes}</p>}
      </fieldset>
      <ColorsField
        initial={product?.colors ?? []}
        images={imageChoices}
        error={errors.colors}
        onNamesChange={setColorNames}
      />
      <StockGrid
        sizes={sizes}
        colors={colorNames}
        initial={product?.variants ?? []}
        fresh={mode === "add" ? "10" : "0"}
        error={errors.variants ?? errors.stockCount}
      />
      <ImagePicker
        kept={kept}
        onKeptChange={setKept}
        images={uploads.images}
        onAdd={uploads.add}
        onRemove={uploads.remove}
        onCancel={(key) => void uploads.cancel(key)}
        onRetry={uploads.retry}
        error={errors.images}
        showCurrent={mode === "edit"}
      />
      {/* Why the button waits: said next to it and tied to it (a disabled button cannot be focused to ask). */}
      {waitHint && (
        <p id={saveHintId} className="-mb-3 text-sm text-stone-700">
          {waitHint}
        </p>
      )}
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={busy || Boolean(waitHint)}
        aria-describedby={waitHint ? saveHintId : undefined}
      >
        {busy ? LABELS[mode].busy : LABELS[mode].submit}
      </button>
    </Form>
  );
}
