import { Link } from "react-router";
import { type LowStockProduct, lowStockWords, type TodoCounts, todoFigures } from "../../../domain/admin-overview";
import { waitingWords } from "../../../domain/stock-alert-texts";

/** "To do": what waits for the owner, each figure a link to the list that shows exactly those. */
export function TodoList({ counts }: { counts: TodoCounts }) {
  return (
    <section aria-labelledby="todo-heading">
      <h2 id="todo-heading" className="text-lg font-semibold">
        To do
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {todoFigures(counts).map((figure) => (
          <li key={figure.key}>
            <Link
              to={figure.href}
              className={`block h-full rounded-2xl border p-4 transition-colors hover:border-ink ${
                figure.count > 0 ? "border-amber-300 bg-amber-50" : "border-stone-200 bg-white"
              }`}
            >
              <span className="block font-display text-2xl text-ink">{figure.count.toLocaleString("en-US")}</span>{" "}
              <span className="mt-1 block text-sm text-stone-700">{figure.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Low stock: each product with the sizes and colours running low, and a link to its stock grid. */
export function LowStockList({ products, more }: { products: LowStockProduct[]; more: number }) {
  return (
    <section aria-labelledby="low-stock-heading">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Low stock
      </h2>
      <p className="mt-1 text-xs text-stone-600">
        Sizes and colours with 3 or fewer pieces, sold out while the product has others, or sold out with shoppers
        waiting for a stock alert.
      </p>
      {products.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">Nothing is running low.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
          {products.map((product) => (
            <li key={product.productId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-ink">{product.title}</p>
                <ul aria-label={`Low in ${product.title}`} className="mt-1 flex flex-wrap gap-1.5">
                  {product.variants.map((variant) => (
                    <li
                      key={variant.label}
                      className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-800 ring-1 ring-inset ring-stone-300"
                    >
                      {`${variant.label}: ${lowStockWords(variant.stock)}${variant.waiting ? ` · ${waitingWords(variant.waiting)}` : ""}`}
                    </li>
                  ))}
                </ul>
              </div>
              <Link
                to={product.href}
                className="whitespace-nowrap text-sm font-medium text-brand-700 underline underline-offset-2"
                aria-label={`Edit stock of ${product.title}`}
              >
                Edit stock
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="mt-2 text-sm text-stone-600">
          And {more} more {more === 1 ? "product" : "products"}: see the{" "}
          <Link to="/admin?tab=products" className="font-medium text-brand-700 underline underline-offset-2">
            Products
          </Link>{" "}
          tab.
        </p>
      )}
    </section>
  );
}
