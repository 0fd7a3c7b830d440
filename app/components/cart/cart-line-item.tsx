import { Link } from "react-router";
import { type CartLine, lineKey, MAX_QUANTITY } from "../../../domain/cart";
import { MIN_QUANTITY } from "../../../domain/cart-rules";
import { formatMoney } from "../../../domain/money";
import type { QuotedLine } from "../../../domain/checkout-line";
import { ProductImage } from "~/components/catalog/product-image";

interface CartLineItemProps {
  line: CartLine;
  /** The server's verdict when this line cannot be bought as it is. */
  problem?: QuotedLine;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (line: CartLine) => void;
}

/** Why the line blocks checkout, in words a shopper can act on. */
export function problemText(line: CartLine, problem: QuotedLine): string {
  switch (problem.problem) {
    case "out_of_stock":
      return "This item is sold out. Remove it to continue to checkout.";
    case "insufficient_stock":
      return `Only ${problem.stockCount} left in stock. Lower the quantity to continue to checkout.`;
    case "invalid_size":
      return line.selectedSize
        ? `Size ${line.selectedSize} is no longer available. Remove this item and choose another size.`
        : "Please select a size: remove this item and add it again from the product page.";
    case "invalid_color":
      return line.color
        ? `The color ${line.color} is no longer available. Remove this item and choose another color.`
        : "Please select a color: remove this item and add it again from the product page.";
    default:
      return "This item cannot be ordered right now.";
  }
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-10 w-10 items-center justify-center rounded-full text-lg text-ink transition-colors hover:bg-stone-100 disabled:text-stone-300 disabled:hover:bg-transparent"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

export function CartLineItem({ line, problem, onQuantity, onRemove }: CartLineItemProps) {
  const key = lineKey(line);
  const productHref = `/product/${line.productId}`;
  const soldOut = problem?.problem === "out_of_stock";
  // Known stock caps the plus button, so the shopper cannot step into a refusal.
  const ceiling = problem?.problem === "insufficient_stock" ? Math.max(problem.stockCount, MIN_QUANTITY) : MAX_QUANTITY;
  const details = [line.selectedSize && `Size: ${line.selectedSize}`, line.color && `Color: ${line.color}`].filter(
    Boolean,
  );

  return (
    <li className="flex gap-4 py-6 sm:gap-6">
      <Link
        to={productHref}
        className="shrink-0 self-start overflow-hidden rounded-lg bg-brand-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          address={line.imageUrls[0]}
          alt=""
          sizes="(min-width: 640px) 128px, 96px"
          className={`aspect-[4/5] h-auto w-24 object-cover sm:w-32 ${soldOut ? "opacity-60 grayscale" : ""}`}
        />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-sm font-medium text-ink sm:text-base">
              <Link to={productHref} className="hover:underline">
                {line.title}
              </Link>
            </h3>
            {details.length > 0 && (
              <p className="mt-1 flex flex-wrap gap-x-1.5 text-sm text-stone-600">
                {details.map((part, i) => (
                  <span key={String(part)} className="whitespace-nowrap">
                    {part}
                    {i < details.length - 1 && <span aria-hidden="true"> · </span>}
                  </span>
                ))}
              </p>
            )}
            <p className="mt-1 text-sm text-stone-600">
              <span className="sr-only">Unit price: </span>
              {formatMoney(line.priceCents)}
              <span aria-hidden="true"> each</span>
            </p>
          </div>
          <p
            className={`shrink-0 text-sm font-semibold tabular-nums sm:text-base ${problem ? "text-stone-400 line-through" : "text-ink"}`}
          >
            <span className="sr-only">Line total: </span>
            {formatMoney(line.priceCents * line.quantity)}
            {problem && <span className="sr-only"> (not included in the total)</span>}
          </p>
        </div>

        {problem && (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {soldOut && (
              <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                Out of Stock
              </span>
            )}
            <span>
              {problemText(line, problem)}
              {problem.problem === "insufficient_stock" && problem.stockCount > 0 && (
                <>
                  {" "}
                  <button
                    type="button"
                    onClick={() => onQuantity(key, problem.stockCount)}
                    className="font-semibold underline underline-offset-2"
                  >
                    Set quantity to {problem.stockCount}
                  </button>
                </>
              )}
            </span>
          </p>
        )}

        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <div className="inline-flex items-center rounded-full border border-stone-300">
            <StepButton
              label={`Decrease quantity of ${line.title}`}
              disabled={line.quantity <= MIN_QUANTITY}
              onClick={() => onQuantity(key, line.quantity - 1)}
            >
              −
            </StepButton>
            <output
              aria-label={`Quantity of ${line.title}`}
              aria-live="polite"
              className="w-8 text-center text-sm tabular-nums"
            >
              {line.quantity}
            </output>
            <StepButton
              label={`Increase quantity of ${line.title}`}
              disabled={line.quantity >= ceiling}
              onClick={() => onQuantity(key, line.quantity + 1)}
            >
              +
            </StepButton>
          </div>
          <button
            type="button"
            onClick={() => onRemove(line)}
            aria-label={`Remove ${line.title}${details.length ? ` (${details.join(", ")})` : ""}`}
            className="flex items-center gap-1.5 rounded-full px-2 py-2 text-sm font-medium text-stone-600 transition-colors hover:text-red-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
              />
            </svg>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
