import { Link, useFetcher, useLocation } from "react-router";
import { stockMark } from "../../../domain/variants";
import { messages } from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import type { AdminProductPage, AdminProductRow } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { ProductImage } from "~/components/catalog/product-image";
import { Pager } from "./pager";
import { AdminTable } from "./admin-table";

const TABLE_COLUMNS = ["Product", "Category", "Price", "Sizes", "Stock", "Actions"] as const;

/** The product's pieces in all sizes and colours, and its mark: Out of Stock, Low stock (some variant at 3 or fewer), In Stock. */
function StockPill({ product }: { product: Pick<AdminProductRow, "stockCount" | "lowestStock"> }) {
  const mark = stockMark(product.stockCount, product.lowestStock);
  const tone = {
    "Out of Stock": "bg-red-50 text-red-900 ring-red-300",
    "Low stock": "bg-amber-50 text-amber-900 ring-amber-300",
    "In Stock": "bg-emerald-50 text-emerald-900 ring-emerald-300",
  }[mark];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums text-sm text-ink">
        {product.stockCount} {product.stockCount === 1 ? "piece" : "pieces"}
      </span>
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`}>
        {mark}
      </span>
    </span>
  );
}

const actionClass = "inline-flex items-center rounded-full border px-3 py-1.5 text-xs font-medium transition-colors";

function ProductActions({ product }: { product: AdminProductRow }) {
  // Its answer's toast is shown by the route's clientAction: this row is gone by then.
  const fetcher = useFetcher<AdminResult>();
  const deleting = fetcher.state !== "idle";
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={`/admin/edit-product/${product.id}`}
        aria-label={`Edit ${product.title}`}
        className={`${actionClass} border-stone-300 text-ink hover:border-ink`}
      >
        Edit
      </Link>
      <fetcher.Form
        method="post"
        action="/admin?tab=products"
        onSubmit={(event) => {
          if (!window.confirm(messages.admin.confirmDeleteProduct)) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="delete-product" />
        <input type="hidden" name="productId" value={product.id} />
        <button
          type="submit"
          disabled={deleting}
          aria-label={`Delete ${product.title}`}
          className={`${actionClass} border-red-300 text-red-800 hover:border-red-700 disabled:opacity-60`}
        >
          {deleting ? "Deleting..." : "Delete"}
        </button>
      </fetcher.Form>
    </div>
  );
}

function Thumb({ product }: { product: AdminProductRow }) {
  return (
    <ProductImage
      address={product.imageUrls[0]}
      alt=""
      sizes="48px"
      className="aspect-[4/5] h-15 w-12 shrink-0 rounded-md bg-brand-100 object-cover"
    />
  );
}

export function ProductsPanel({ page }: { page: AdminProductPage }) {
  const location = useLocation();
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">
          {page.total} {page.total === 1 ? "product" : "products"}
        </p>
        <Link
          to="/admin/add-product"
          className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800"
        >
          Add Product
        </Link>
      </div>

      {page.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          No products yet.
        </p>
      ) : (
        <>
          {/* Phones: one card per product, every column still there. */}
          <ul aria-label="Products" className="space-y-3 md:hidden">
            {page.items.map((product) => (
              <li key={product.id} className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-3">
                <Thumb product={product} />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="line-clamp-2 text-sm font-medium">{product.title}</p>
                  <p className="text-xs text-stone-600">
                    {product.category} · {formatMoney(product.priceCents)}
                  </p>
                  <p className="text-xs text-stone-600">Sizes: {product.sizes.join(", ") || "—"}</p>
                  <StockPill product={product} />
                  <div className="pt-1">
                    <ProductActions product={product} />
                  </div>
                </div>
              </li>
            ))}
          </ul>

          <AdminTable caption="Products" columns={TABLE_COLUMNS} minWidth="min-w-[720px]">
            {page.items.map((product) => (
              <tr key={product.id}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <div className="flex items-center gap-3">
                    <Thumb product={product} />
                    <span className="line-clamp-2 font-medium text-ink">{product.title}</span>
                  </div>
                </th>
                <td className="px-4 py-3 text-stone-700">{product.category}</td>
                <td className="px-4 py-3 font-medium">{formatMoney(product.priceCents)}</td>
                <td className="px-4 py-3 text-stone-700">{product.sizes.join(", ") || "—"}</td>
                <td className="px-4 py-3">
                  <StockPill product={product} />
                </td>
                <td className="px-4 py-3">
                  <ProductActions product={product} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      <Pager page={page.page} pageCount={page.pageCount} search={location.search} label="Product pages" />
    </div>
  );
}
