import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { type AdminProductQuery, productCardId, productRowId } from "../../../domain/admin-products";
import { stockMark } from "../../../domain/variants";
import { messages } from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import type { AdminProductPage, AdminProductRow } from "../../../domain/views";
import type { AdminResult } from "~/lib/admin-result";
import { ProductImage } from "~/components/catalog/product-image";
import { Pager } from "./pager";
import { AdminTable } from "./admin-table";
import { ProductFilters } from "./product-filters";
import { ConfirmDelete } from "~/components/ui/confirm-delete";

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
      <fetcher.Form method="post" action="/admin?tab=products">
        <input type="hidden" name="intent" value="delete-product" />
        <input type="hidden" name="productId" value={product.id} />
        <ConfirmDelete
          question={messages.admin.confirmDeleteProduct}
          itemName={product.title}
          keep="Keep product"
          confirm="Delete product"
          busyText="Deleting..."
          busy={deleting}
          ariaLabel={`Delete ${product.title}`}
          buttonClassName={`${actionClass} border-red-300 text-red-800 hover:border-red-700 disabled:opacity-60`}
        >
          <p>
            {product.category} · {formatMoney(product.priceCents)} · {product.stockCount}{" "}
            {product.stockCount === 1 ? "piece" : "pieces"} in stock
          </p>
          <p>It leaves the shop and its images are removed. Orders that include it keep their own copy.</p>
        </ConfirmDelete>
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

/** The saved product's row (?highlight=id, docs/product.md): scrolled to and focused once, whichever of the table or the cards shows. */
function useFocusHighlighted(id: string | undefined) {
  useEffect(() => {
    if (!id) return;
    const target = [document.getElementById(productRowId(id)), document.getElementById(productCardId(id))].find(
      (element) => element && element.offsetParent !== null,
    );
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [id]);
}

const HIGHLIGHT = "bg-amber-50 outline-none ring-2 ring-inset ring-amber-400 focus-visible:ring-ink";

export function ProductsPanel({ page, query }: { page: AdminProductPage; query: AdminProductQuery }) {
  const location = useLocation();
  const highlight = page.items.some((product) => product.id === query.highlight) ? query.highlight : undefined;
  useFocusHighlighted(highlight);
  // The pager keeps the search and category, not the mark of the product saved.
  const pagerSearch = new URLSearchParams(location.search);
  pagerSearch.delete("highlight");
  const marked = (product: AdminProductRow) => product.id === highlight;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-end gap-3">
        <Link
          to="/admin/add-product"
          className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800"
        >
          Add Product
        </Link>
      </div>
      <ProductFilters query={query} total={page.total} />

      {page.items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-8 text-center text-stone-600">
          {query.q || query.category ? "No products match this search." : "No products yet."}
        </p>
      ) : (
        <>
          {/* Phones: one card per product, every column still there. */}
          <ul aria-label="Products" className="space-y-3 md:hidden">
            {page.items.map((product) => (
              <li
                key={product.id}
                id={productCardId(product.id)}
                tabIndex={marked(product) ? -1 : undefined}
                aria-current={marked(product) ? "true" : undefined}
                className={`flex gap-3 rounded-2xl border border-stone-200 p-3 ${marked(product) ? HIGHLIGHT : "bg-white"}`}
              >
                <Thumb product={product} />
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="line-clamp-2 text-sm font-medium">{product.title}</p>
                  {marked(product) && <p className="text-xs font-medium text-amber-900">Just saved</p>}
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
              <tr
                key={product.id}
                id={productRowId(product.id)}
                tabIndex={marked(product) ? -1 : undefined}
                aria-current={marked(product) ? "true" : undefined}
                className={marked(product) ? HIGHLIGHT : undefined}
              >
                <th scope="row" className="px-4 py-3 font-normal">
                  <div className="flex items-center gap-3">
                    <Thumb product={product} />
                    <span className="min-w-0">
                      <span className="line-clamp-2 font-medium text-ink">{product.title}</span>
                      {marked(product) && <span className="block text-xs font-medium text-amber-900">Just saved</span>}
                    </span>
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
      <Pager page={page.page} pageCount={page.pageCount} search={`?${pagerSearch}`} label="Product pages" />
    </div>
  );
}
