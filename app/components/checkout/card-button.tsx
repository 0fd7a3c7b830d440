import { toast } from "~/lib/toast";
import { messages } from "../../../domain/messages";
import { type CheckoutRequest, failureText, paymentApi, type ServerTotals, totalsOf } from "~/lib/checkout/payment-api";
import type { PaymentLock } from "~/lib/checkout/use-payment-lock";

/** Only a web address may be followed: never a javascript: or data: URL, whatever the answer says. */
function safeRedirect(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * 'Pay with Card (Stripe)': the server opens a Checkout Session priced from the database and
 * the browser goes to its hosted page (Stripe's, or the sandbox's local one).
 */
export function CardButton({
  lock,
  request,
  onServerTotals,
  sandbox,
}: {
  lock: PaymentLock;
  request: () => CheckoutRequest | null;
  onServerTotals: (totals: ServerTotals) => void;
  sandbox: boolean;
}) {
  async function pay() {
    const body = request();
    if (!body) return;
    await lock.run(
      async (leave) => {
        const session = await paymentApi.startCard(body);
        onServerTotals(totalsOf(session));
        const target = safeRedirect(session.url);
        if (!target) {
          toast.error(messages.server.invalidSession);
          return;
        }
        toast.info(messages.card.redirect);
        leave();
        window.location.assign(target);
      },
      (error) => toast.error(failureText(error, messages.card.failure)),
    );
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={pay}
        disabled={lock.busy}
        className="flex h-12 w-full items-center justify-center gap-2 rounded-full bg-[#635bff] px-6 text-base font-semibold text-white shadow-sm transition-colors hover:bg-[#5149e6] disabled:cursor-not-allowed disabled:opacity-60"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M3 10h18M7 15h3" strokeLinecap="round" />
        </svg>
        {lock.busy ? "Processing..." : "Pay with Card (Stripe)"}
      </button>
      {sandbox && (
        <p className="text-center text-xs text-stone-500">
          Sandbox — no real money. You pay on a local test checkout page.
        </p>
      )}
    </div>
  );
}
