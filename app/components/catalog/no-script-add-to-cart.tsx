import { MAX_QUANTITY, MIN_QUANTITY } from "../../../domain/cart-rules";
import type { ProductDetail } from "../../../domain/views";

interface NoScriptAddToCartProps {
  product: Pick<ProductDetail, "sizes" | "colors" | "stockCount">;
  /** The action's refusal of the last post ("Please select a size", "Only 2 of … left in stock."). */
  error: string | null;
}

const fieldClass = "mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-ink";

/**
 * "Add to cart" for a browser without JavaScript (docs/decisions/050-server-cart.md): a plain
 * form posted to the product page's action (intent add-to-cart) with size, colour and quantity
 * as fields. Browsers that run scripts never show it: the choice buttons above do the work.
 */
export function NoScriptAddToCart({ product, error }: NoScriptAddToCartProps) {
  const { sizes, colors } = product;
  return (
    <>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {product.stockCount > 0 && (
        <noscript>
          <form method="post" className="mt-6 space-y-4 rounded-xl border border-stone-200 p-4">
            <input type="hidden" name="intent" value="add-to-cart" />
            {sizes.length > 0 && (
              <label className="block text-sm font-medium text-ink">
                Size
                <select name="size" required className={fieldClass}>
                  {sizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {colors.length > 0 && (
              <label className="block text-sm font-medium text-ink">
                Color
                <select name="color" required className={fieldClass}>
                  {colors.map((color) => (
                    <option key={color.name} value={color.name}>
                      {color.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label className="block text-sm font-medium text-ink">
              Quantity
              <input
                type="number"
                name="quantity"
                min={MIN_QUANTITY}
                max={MAX_QUANTITY}
                step={1}
                defaultValue={1}
                className={fieldClass}
              />
            </label>
            <button
              type="submit"
              className="h-12 w-full rounded-full bg-ink px-6 text-sm font-semibold text-white hover:bg-stone-800"
            >
              Add to cart
            </button>
          </form>
        </noscript>
      )}
    </>
  );
}
