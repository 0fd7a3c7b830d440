import { CloseIcon } from "~/components/ui/icons";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../domain/money";
import { ProductImage } from "./product-image";

/** The line the shopper has just added, as the panel shows it. */
export interface AddedLine {
  /** Changes with every add, so a second add of the same line shows (and announces) again. */
  id: number;
  title: string;
  image: string | undefined;
  size: string | null;
  color: string | null;
  quantity: number;
  priceCents: number;
}

interface AddedToCartPanelProps {
  line: AddedLine;
  /** `returnFocus`: put focus back where the shopper was (Escape, 'Close'); not after a click elsewhere. */
  onClose: (returnFocus: boolean) => void;
}

/**
 * After 'Added to cart' (the toast stays, docs/product.md §8): what went in (picture, title,
 * size, colour, quantity, price) with 'View cart' and 'Checkout'. A non-modal dialog: focus
 * moves into it so a screen reader reads it, Escape or 'Close' closes it (focus goes back to
 * the caller's button), a click elsewhere closes it too, and the page stays usable behind it.
 * A card in the corner on a wide screen, a sheet along the bottom on a phone.
 */
export function AddedToCartPanel({ line, onClose }: AddedToCartPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once per added line
  useEffect(() => {
    panel.current?.focus();
  }, [line.id]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && !event.defaultPrevented) close.current(true);
    }
    function onPointer(event: PointerEvent) {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target)) close.current(false);
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, []);

  const details = [
    line.size && `Size: ${line.size}`,
    line.color && `Color: ${line.color}`,
    `Quantity: ${line.quantity}`,
  ].filter(Boolean);

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-added-panel=""
      className="fixed inset-x-0 bottom-0 z-40 rounded-t-2xl border border-stone-200 bg-white p-4 shadow-2xl outline-none sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96 sm:rounded-2xl sm:p-5"
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="flex items-center gap-2 font-medium text-ink">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 text-emerald-700" fill="currentColor">
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
              clipRule="evenodd"
            />
          </svg>
          Now in your cart
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={() => onClose(true)}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-600 transition hover:bg-stone-100 hover:text-ink"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="mt-2 flex gap-4">
        <ProductImage
          address={line.image}
          alt=""
          sizes="64px"
          className="aspect-[4/5] h-auto w-16 shrink-0 rounded-lg bg-stone-100 object-cover"
        />
        <div className="min-w-0 flex-1 text-sm">
          <p className="break-words font-medium text-ink">{line.title}</p>
          <ul className="mt-1 text-stone-600">
            {details.map((detail) => (
              <li key={detail as string}>{detail}</li>
            ))}
          </ul>
          <p className="mt-1 font-semibold text-ink">{formatMoney(line.priceCents * line.quantity)}</p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Link
          to="/cart"
          className="flex h-11 items-center justify-center rounded-full border border-ink px-4 text-sm font-semibold text-ink transition-colors hover:bg-stone-100"
        >
          View cart
        </Link>
        <Link
          to="/checkout"
          className="flex h-11 items-center justify-center rounded-full bg-ink px-4 text-sm font-semibold text-white transition-colors hover:bg-stone-800"
        >
          Checkout
        </Link>
      </div>
    </div>
  );
}
