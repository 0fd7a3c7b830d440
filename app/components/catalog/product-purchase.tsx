import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { type CartChoiceProblem, MIN_QUANTITY, missingChoice, parseQuantity } from "../../../domain/cart-rules";
import { choiceStock, choiceStockNote, fitQuantity, quantityInCart } from "../../../domain/choice-stock";
import { lineImages } from "../../../domain/color-images";
import { cartTexts } from "../../../domain/shop-messages";
import type { ProductDetail } from "../../../domain/views";
import {
  lowStockMessage,
  soldOutColors,
  soldOutSizes,
  stockOfChoice,
  variantChoices,
  variantKey,
} from "../../../domain/variants";
import { addProductToCart } from "~/lib/add-to-cart";
import { useCartLines } from "~/lib/cart";
import { loginPathForChoice } from "~/lib/pending-add";
import { useRootData } from "~/lib/root-data";
import type { AddedLine } from "./added-to-cart-panel";
import { ChoiceGroup, ColorSwatch, colorButtonClass, sizeButtonClass } from "./purchase-choices";
import { choiceFromQuery } from "../../../domain/stock-alerts";
import { NotifyMe } from "./notify-me";

// Loaded when the first line is added: a page that only looks does not download the panel.
const AddedToCartPanel = lazy(() =>
  import("./added-to-cart-panel").then((module) => ({ default: module.AddedToCartPanel })),
);

interface ProductPurchaseProps {
  product: Pick<
    ProductDetail,
    "id" | "title" | "priceCents" | "imageUrls" | "sizes" | "colors" | "stockCount" | "variants"
  >;
  /** Told when the shopper picks (or unpicks) a colour, so the gallery can show it. */
  onColorChange?: (color: string | null) => void;
}

/**
 * Size, colour and quantity choices with 'Add to cart' and 'Go to checkout' (docs/product.md §2).
 * A sold-out product cannot be added: its button is disabled and says 'Out of Stock' (the server
 * refuses such a line at checkout anyway). Sizes and colours sold out for the other choice stay
 * visible and reachable, named "M, out of stock", but cannot be picked; a chosen combination
 * that is running out says 'Only N left', and the quantity cannot go above what is left less
 * what this browser's cart already holds of it (domain/choice-stock.ts). The loader's data
 * follows live stock changes, and everything here is derived from it on each render, so a sale
 * elsewhere shows at once (docs/decisions/032-stock-per-variant.md).
 */
export function ProductPurchase({ product, onColorChange }: ProductPurchaseProps) {
  const { sizes, colors } = product;
  const soldOut = product.stockCount <= 0;
  const user = useRootData()?.user;
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const cartLines = useCartLines();
  // The address may carry a choice (?size=M&color=Black: a stock alert's e-mail, the way back from the login).
  const [initial] = useState(() =>
    choiceFromQuery(
      sizes,
      colors.map((c) => c.name),
      new URLSearchParams(location.search),
    ),
  );
  const [selectedSize, setSelectedSize] = useState<string | null>(initial.size);
  const [selectedColor, setSelectedColor] = useState<string | null>(initial.color);
  // The raw text, so the shopper can clear the field while typing; it is normalised on blur and on add.
  const [quantityText, setQuantityText] = useState("1");
  const [problem, setProblem] = useState<CartChoiceProblem | null>(null);
  const [added, setAdded] = useState<AddedLine | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const sizeGroup = useRef<HTMLDivElement>(null);
  const colorGroup = useRef<HTMLDivElement>(null);
  // The combination last seen with stock: when it then shows none, it sold out while the page was open.
  const lastInStock = useRef<string | null>(null);

  const colorNames = colors.map((c) => c.name);
  const unavailableSizes = soldOut ? [] : soldOutSizes(product.variants, sizes, colorNames, selectedColor);
  const unavailableColors = soldOut ? [] : soldOutColors(product.variants, sizes, colorNames, selectedSize);
  // The chosen combination, once every dimension the product has is chosen.
  const choice = {
    size: sizes.length > 0 ? selectedSize : null,
    color: colors.length > 0 ? selectedColor : null,
  };
  const complete = missingChoice({ sizes, colors, selectedSize, selectedColor }) === null;
  const stock = choiceStock({
    complete,
    stock: stockOfChoice(product.variants, choice),
    inCart: quantityInCart(cartLines, product.id, choice),
  });
  const key = variantKey(choice);
  const justSoldOut = stock.state === "out-of-stock" && lastInStock.current === key;
  if (stock.state === "available" || stock.state === "all-in-cart") lastInStock.current = key;
  const canAdd = !soldOut && stock.state !== "out-of-stock" && stock.state !== "all-in-cart";
  // Never more than may be added: a sale elsewhere lowers the figure shown at once.
  const quantity = fitQuantity(parseQuantity(quantityText), Math.max(stock.max, MIN_QUANTITY));
  const shownQuantity = parseQuantity(quantityText) > quantity ? String(quantity) : quantityText;
  const lowStock = !soldOut && stock.state === "available" ? lowStockMessage(stock.left) : null;
  const note = soldOut ? null : choiceStockNote(stock, choice, justSoldOut);

  function pickSize(size: string | null) {
    setSelectedSize(size);
    if (problem === "selectSize") setProblem(null);
  }

  function pickColor(color: string | null) {
    setSelectedColor(color);
    if (problem === "selectColor") setProblem(null);
    onColorChange?.(color);
  }

  function addToCart() {
    if (!canAdd) return;
    if (!user) {
      toast.error(cartTexts.loginToAdd);
      navigate(
        loginPathForChoice(product, { selectedSize, selectedColor, quantity }, location.pathname + location.search),
      );
      return;
    }
    setQuantityText(String(quantity));
    const missing = missingChoice({ sizes, colors, selectedSize, selectedColor });
    setProblem(missing);
    if (missing) {
      toast.error(cartTexts[missing]);
      // Focus goes to the choice that is missing: its first option that can be picked.
      const group = (missing === "selectSize" ? sizeGroup : colorGroup).current;
      const option = group?.querySelector<HTMLElement>("button:not([aria-disabled])") ?? group?.querySelector("button");
      option?.focus({ preventScroll: true });
      // In the middle of the screen, clear of the sticky header (and of a toast) on a phone.
      group?.parentElement?.scrollIntoView({ block: "center" });
      return;
    }
    const ok = addProductToCart(product, { quantity, selectedSize: choice.size, color: choice.color });
    if (!ok) return;
    setAdded({
      id: Date.now(),
      title: product.title,
      image: lineImages(product, choice.color)[0],
      size: choice.size,
      color: choice.color,
      quantity,
      priceCents: product.priceCents,
    });
  }

  return (
    <div className="space-y-6">
      {sizes.length > 0 && (
        <ChoiceGroup
          kind="size"
          label="Size"
          idPrefix={ids}
          options={sizes}
          nameOf={(size) => size}
          selected={selectedSize}
          unavailable={unavailableSizes}
          error={problem === "selectSize" ? cartTexts.selectSize : null}
          onPick={pickSize}
          groupRef={sizeGroup}
          listClass="flex flex-wrap gap-2"
          buttonClass={sizeButtonClass}
          renderOption={(size) => size}
        />
      )}

      {colors.length > 0 && (
        <ChoiceGroup
          kind="color"
          label="Color"
          idPrefix={ids}
          options={colors}
          nameOf={(color) => color.name}
          selected={selectedColor}
          unavailable={unavailableColors}
          error={problem === "selectColor" ? cartTexts.selectColor : null}
          onPick={pickColor}
          groupRef={colorGroup}
          listClass="flex flex-wrap gap-3"
          buttonClass={colorButtonClass}
          renderOption={(color, state) => <ColorSwatch color={color} unavailable={state.unavailable} />}
        />
      )}

      {(unavailableSizes.length > 0 || unavailableColors.length > 0) && (
        <p className="text-sm text-stone-600">Crossed-out choices are sold out.</p>
      )}

      <div>
        <label htmlFor={`${ids}-quantity`} className="block text-sm font-medium text-ink">
          Quantity
        </label>
        <div className="mt-2 inline-flex items-center rounded-full border border-stone-300 has-[input:focus]:ring-2 has-[input:focus]:ring-brand-600">
          <button
            type="button"
            aria-label="Decrease quantity"
            disabled={quantity <= MIN_QUANTITY}
            onClick={() => setQuantityText(String(quantity - 1))}
            className="h-11 w-11 rounded-full text-lg text-ink disabled:text-stone-300"
          >
            −
          </button>
          <input
            id={`${ids}-quantity`}
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={Math.max(stock.max, MIN_QUANTITY)}
            step={1}
            value={shownQuantity}
            disabled={stock.max === 0}
            onChange={(event) => setQuantityText(event.currentTarget.value)}
            onBlur={() => setQuantityText(String(quantity))}
            className="h-11 w-14 border-0 bg-transparent text-center text-sm tabular-nums [appearance:textfield] focus:outline-none disabled:text-stone-500 [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label="Increase quantity"
            disabled={quantity >= stock.max}
            onClick={() => setQuantityText(String(quantity + 1))}
            className="h-11 w-11 rounded-full text-lg text-ink disabled:text-stone-300"
          >
            +
          </button>
        </div>
      </div>

      <div className="min-h-5 space-y-1 text-sm">
        {/* Polite: said once the combination is chosen, not read over the shopper's clicks. */}
        <p role="status" className="font-semibold text-amber-800">
          {lowStock}
        </p>
        <p
          role="status"
          className={`${stock.state === "out-of-stock" ? "font-semibold text-red-700" : "font-medium text-stone-700"}`}
        >
          {note}
        </p>
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <button
          ref={addButton}
          type="button"
          onClick={addToCart}
          // aria-disabled rather than disabled: the button keeps focus after the panel closes, and stays in the tab order.
          aria-disabled={canAdd ? undefined : true}
          className="h-12 rounded-full bg-ink px-6 text-sm font-semibold text-white transition-colors hover:bg-stone-800 aria-disabled:cursor-not-allowed aria-disabled:bg-stone-200 aria-disabled:text-stone-700"
        >
          {soldOut || stock.state === "out-of-stock" ? "Out of Stock" : "Add to cart"}
        </button>
        <Link
          to="/checkout"
          className="flex h-12 items-center justify-center rounded-full border border-ink px-6 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white"
        >
          Go to checkout
        </Link>
      </div>

      <NotifyMe
        productId={product.id}
        soldOut={variantChoices(sizes, colorNames).filter((c) => stockOfChoice(product.variants, c) <= 0)}
        chosen={stock.state === "out-of-stock" ? choice : null}
        signedIn={Boolean(user)}
      />

      {added && (
        <Suspense fallback={null}>
          <AddedToCartPanel
            key={added.id}
            line={added}
            onClose={(returnFocus) => {
              setAdded(null);
              if (returnFocus) addButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
