import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { MAX_QUANTITY, MIN_QUANTITY, missingChoice, parseQuantity } from "../../../domain/cart-rules";
import { cartTexts } from "../../../domain/shop-messages";
import type { ProductDetail } from "../../../domain/views";
import { lowStockMessage, soldOutColors, soldOutSizes, stockOfChoice } from "../../../domain/variants";
import { addProductToCart } from "~/lib/add-to-cart";
import { loginPathForChoice } from "~/lib/pending-add";
import { useRootData } from "~/lib/root-data";

const SOLD_OUT_TITLE = "Sold out";

interface ProductPurchaseProps {
  product: Pick<
    ProductDetail,
    "id" | "title" | "priceCents" | "imageUrls" | "sizes" | "colors" | "stockCount" | "variants"
  >;
  /** Told when the shopper picks (or unpicks) a colour, so the gallery can show it. */
  onColorChange?: (color: string | null) => void;
}

/**
 * Size, colour and quantity choices with 'Add to cart' and 'Go to checkout'. A sold-out
 * product cannot be added: its button is disabled and says 'Out of Stock' (the server refuses
 * such a line at checkout anyway). Sizes and colours sold out for the other choice stay visible
 * but cannot be picked, and a chosen combination that is running out says 'Only N left'
 * (docs/decisions/032-stock-per-variant.md).
 */
export function ProductPurchase({ product, onColorChange }: ProductPurchaseProps) {
  const { sizes, colors } = product;
  const soldOut = product.stockCount <= 0;
  const user = useRootData()?.user;
  const navigate = useNavigate();
  const location = useLocation();
  const [selectedSize, setSelectedSize] = useState<string | null>(null);
  const [selectedColor, setSelectedColor] = useState<string | null>(null);
  // The raw text, so the shopper can clear the field while typing; it is normalised on blur and on add.
  const [quantityText, setQuantityText] = useState("1");
  const quantity = parseQuantity(quantityText);
  const colorNames = colors.map((c) => c.name);
  const unavailableSizes = soldOutSizes(product.variants, sizes, colorNames, selectedColor);
  const unavailableColors = soldOutColors(product.variants, sizes, colorNames, selectedSize);
  // The chosen combination, once every dimension the product has is chosen.
  const complete = (sizes.length === 0 || selectedSize !== null) && (colors.length === 0 || selectedColor !== null);
  const lowStock =
    !soldOut && complete
      ? lowStockMessage(stockOfChoice(product.variants, { size: selectedSize, color: selectedColor }))
      : null;

  function addToCart() {
    if (soldOut) return;
    if (!user) {
      toast.error(cartTexts.loginToAdd);
      navigate(
        loginPathForChoice(product, { selectedSize, selectedColor, quantity }, location.pathname + location.search),
      );
      return;
    }
    setQuantityText(String(quantity));
    const problem = missingChoice({ sizes, colors, selectedSize, selectedColor });
    if (problem) {
      toast.error(cartTexts[problem]);
      return;
    }
    addProductToCart(product, {
      quantity,
      // A product without sizes or colours takes none, whatever was clicked before.
      selectedSize: sizes.length > 0 ? selectedSize : null,
      color: colors.length > 0 ? selectedColor : null,
    });
  }

  return (
    <div className="space-y-6">
      {sizes.length > 0 && (
        <div>
          <p id="size-label" className="text-sm font-medium text-ink">
            Size{selectedSize && <span className="font-normal text-stone-600">: {selectedSize}</span>}
          </p>
          <div role="group" aria-labelledby="size-label" className="mt-2 flex flex-wrap gap-2">
            {sizes.map((size) => {
              const active = size === selectedSize;
              const unavailable = !soldOut && unavailableSizes.includes(size);
              return (
                <button
                  key={size}
                  type="button"
                  aria-pressed={active}
                  disabled={unavailable}
                  title={unavailable ? SOLD_OUT_TITLE : undefined}
                  onClick={() => setSelectedSize(active ? null : size)}
                  className={`h-11 min-w-12 rounded-full border px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:border-dashed disabled:border-stone-300 disabled:bg-stone-100 disabled:text-stone-600 disabled:line-through ${
                    active ? "border-ink bg-ink text-white" : "border-stone-300 text-ink hover:border-ink"
                  }`}
                >
                  {size}
                </button>
              );
            })}
          </div>
        </div>
      )}

      {colors.length > 0 && (
        <div>
          <p id="color-label" className="text-sm font-medium text-ink">
            Color{selectedColor && <span className="font-normal text-stone-600">: {selectedColor}</span>}
          </p>
          <div role="group" aria-labelledby="color-label" className="mt-2 flex flex-wrap gap-3">
            {colors.map((color) => {
              const active = color.name === selectedColor;
              const unavailable = !soldOut && unavailableColors.includes(color.name);
              return (
                <button
                  key={color.name}
                  type="button"
                  aria-label={color.name}
                  aria-pressed={active}
                  disabled={unavailable}
                  title={unavailable ? `${color.name}: ${SOLD_OUT_TITLE}` : color.name}
                  onClick={() => {
                    const next = active ? null : color.name;
                    setSelectedColor(next);
                    onColorChange?.(next);
                  }}
                  className={`relative flex h-11 w-11 items-center justify-center rounded-full border-2 transition disabled:cursor-not-allowed ${
                    active
                      ? "border-ink"
                      : "border-transparent hover:border-stone-400 disabled:hover:border-transparent"
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className={`h-8 w-8 rounded-full ring-1 ring-inset ring-black/15 ${unavailable ? "opacity-40" : ""}`}
                    style={{ backgroundColor: color.hex }}
                  />
                  {/* A diagonal stroke across a sold-out colour: visible on light and dark swatches alike. */}
                  {unavailable && (
                    <span
                      aria-hidden="true"
                      className="absolute h-0.5 w-10 -rotate-45 rounded-full bg-stone-700 ring-1 ring-white"
                    />
                  )}
                </button>
              );
            })}
          </div>
        </div>
      )}

      {(unavailableSizes.length > 0 || unavailableColors.length > 0) && !soldOut && (
        <p className="text-sm text-stone-600">Crossed-out choices are sold out.</p>
      )}

      <div>
        <label htmlFor="quantity" className="block text-sm font-medium text-ink">
          Quantity
        </label>
        <div className="mt-2 inline-flex items-center rounded-full border border-stone-300 has-[input:focus]:ring-2 has-[input:focus]:ring-brand-600">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={quantity <= MIN_QUANTITY}
            onClick={() => setQuantityText(String(parseQuantity(quantity - 1)))}
            className="h-11 w-11 rounded-full text-lg text-ink disabled:text-stone-300"
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            value={quantityText}
            onChange={(event) => setQuantityText(event.currentTarget.value)}
            onBlur={() => setQuantityText(String(quantity))}
            className="h-11 w-14 border-0 bg-transparent text-center text-sm tabular-nums [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={quantity >= MAX_QUANTITY}
            onClick={() => setQuantityText(String(parseQuantity(quantity + 1)))}
            className="h-11 w-11 rounded-full text-lg text-ink disabled:text-stone-300"
          >
            +
          </button>
        </div>
      </div>

      {/* Polite: said once the combination is chosen, not read over the shopper's clicks. */}
      <p role="status" className="min-h-5 text-sm font-semibold text-amber-800">
        {lowStock}
      </p>

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          onClick={addToCart}
          disabled={soldOut}
          className="h-12 rounded-full bg-ink px-6 text-sm font-semibold text-white transition-colors hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700"
        >
          {soldOut ? "Out of Stock" : "Add to cart"}
        </button>
        <Link
          to="/checkout"
          className="flex h-12 items-center justify-center rounded-full border border-ink px-6 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white"
        >
          Go to checkout
        </Link>
      </div>
    </div>
  );
}
