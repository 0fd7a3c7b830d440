export type PaymentMethodChoice = "paypal" | "stripe";

const OPTIONS: { value: PaymentMethodChoice; title: string; text: string }[] = [
  { value: "paypal", title: "PayPal", text: "Pay with your PayPal account" },
  { value: "stripe", title: "Credit / Debit Card", text: "Pay securely with card using Stripe" },
];

/** The payment method radio of docs/product.md §2; `sandbox` marks the methods the store's own sandbox stands in for. */
export function PaymentMethodSection({
  value,
  onChange,
  sandbox,
}: {
  value: PaymentMethodChoice;
  onChange: (method: PaymentMethodChoice) => void;
  sandbox: Record<PaymentMethodChoice, boolean>;
}) {
  return (
    <fieldset className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <legend className="float-left w-full font-display text-xl text-ink">Payment Method</legend>
      <div className="clear-both grid gap-3 pt-4">
        {OPTIONS.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors ${
                checked ? "border-ink bg-brand-50" : "border-stone-200 hover:border-stone-400"
              }`}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="mt-0.5 h-5 w-5 accent-ink"
              />
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
                  {option.title}
                  {sandbox[option.value] && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-amber-900">
                      Sandbox
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block text-sm text-stone-600">{option.text}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
