import { useId, useState } from "react";
import { discountAmountLabel } from "../../../domain/discounts";
import type { DiscountCheck } from "~/lib/cart-check";
import { setDiscountCode } from "~/lib/discount-code";

const buttonClass =
  "inline-flex h-11 shrink-0 items-center justify-center rounded-full border border-ink px-4 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white disabled:opacity-60";

/**
 * The "Discount code" field of the cart and checkout summaries: Apply keeps the code with the
 * cart and the next quote prices it; the server's verdict (applied, or why not) is shown here.
 */
export function DiscountCodeField({ code, check }: { code: string | null; check: DiscountCheck | null }) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const messageId = `${inputId}-message`;

  if (code && check?.code) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-xl border border-emerald-300 bg-white px-4 py-3 text-sm"
        data-testid="discount-applied"
      >
        <p className="text-emerald-900">
          Code <span className="font-mono font-semibold">{check.code}</span> applied: {discountAmountLabel(check.cents)}
        </p>
        <button
          type="button"
          onClick={() => setDiscountCode(null)}
          className="shrink-0 font-medium text-ink underline underline-offset-2"
          aria-label={`Remove the discount code ${check.code}`}
        >
          Remove
        </button>
      </div>
    );
  }

  const refused = code && check && !check.code ? check.message : null;
  return (
    <form
      className="space-y-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim()) setDiscountCode(typed);
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="discountCode"
          value={typed || (refused ? (code ?? "") : "")}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? messageId : undefined}
          className="h-11 w-full min-w-0 rounded-full border border-stone-300 bg-white px-4 text-base uppercase text-ink placeholder:normal-case placeholder:text-stone-400 focus:border-ink aria-[invalid=true]:border-red-600 sm:text-sm"
          placeholder="Enter a code"
        />
        <button type="submit" className={buttonClass} disabled={Boolean(code) && !check}>
          {code && !check ? "Checking..." : "Apply"}
        </button>
      </div>
      {refused && (
        <p id={messageId} role="alert" className="text-sm text-red-800">
          {refused}{" "}
          <button
            type="button"
            onClick={() => setDiscountCode(null)}
            className="font-medium underline underline-offset-2"
          >
            Remove
          </button>
        </p>
      )}
    </form>
  );
}
