import { Form, Link, useNavigation } from "react-router";
import type { AdminProductQuery } from "../../../domain/admin-products";
import { categorySlug, EDIT_CATEGORIES } from "../../../domain/catalog";
import { inputClass, secondaryButtonClass } from "~/components/ui/form-field";

/**
 * The Products tab's search and category filter: a GET form, so the address carries them
 * (a link to share, Back and reload keep them) and it works before the scripts run. The
 * server filters (app/routes/admin.tsx, server/catalog/admin-products.ts).
 */
export function ProductFilters({ query, total }: { query: AdminProductQuery; total: number }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.search.includes("tab=products");
  const filtered = Boolean(query.q || query.category);
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Product search"
      className="mb-4 flex flex-wrap items-end gap-3"
      preventScrollReset
    >
      <input type="hidden" name="tab" value="products" />
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor="admin-product-q" className="mb-1.5 block text-sm font-medium text-stone-800">
          Search products
        </label>
        <input
          id="admin-product-q"
          type="search"
          name="q"
          defaultValue={query.q ?? ""}
          key={query.q ?? ""}
          maxLength={100}
          placeholder="Title contains…"
          className={inputClass}
        />
      </div>
      <div className="basis-44">
        <label htmlFor="admin-product-category" className="mb-1.5 block text-sm font-medium text-stone-800">
          Category
        </label>
        <select
          id="admin-product-category"
          name="category"
          defaultValue={query.category ? categorySlug(query.category) : ""}
          key={query.category ?? ""}
          className={inputClass}
        >
          <option value="">All categories</option>
          {EDIT_CATEGORIES.map((category) => (
            <option key={category} value={categorySlug(category)}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={searching}>
        {searching ? "Searching..." : "Search"}
      </button>
      {filtered && (
        <Link
          to="/admin?tab=products"
          className="px-2 py-2 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          Clear
        </Link>
      )}
      <p role="status" className="w-full text-sm text-stone-600">
        {total} {total === 1 ? "product" : "products"}
        {filtered ? " found" : ""}
      </p>
    </Form>
  );
}
