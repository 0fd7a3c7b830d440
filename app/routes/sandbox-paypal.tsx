import { useEffect, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { SandboxFrame } from "~/components/checkout/sandbox-frame";
import {
  type SandboxDecision,
  SANDBOX_WALLET_MESSAGE,
  type SandboxWalletMessage,
  sandboxReturnPath,
} from "~/lib/checkout/sandbox-wallet-window";
import { useHydrated } from "~/lib/cart";
import { actOnSandboxPage, loadSandboxPage } from "~/lib/sandbox-page.server";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/sandbox-paypal";

/**
 * The sandbox wallet's approval step: what PayPal's window is to a real payment. Only the
 * shopper who started the checkout sees it, and only while the store runs its own sandbox
 * (the service answers "not found" otherwise).
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadSandboxPage(request, context, async (viewer) => ({
    order: await context.services.payments.wallet.sandboxOrder(viewer, params.id),
  }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return actOnSandboxPage(
    request,
    context,
    async (viewer) => {
      await context.services.payments.wallet.approveSandbox(viewer, params.id);
      return { approved: true as const, error: null };
    },
    (error) => ({ approved: false as const, error }),
  );
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [...pageMeta("PayPal (sandbox)"), { name: "robots", content: "noindex" }];
}

function PaypalWordmark() {
  return (
    <span className="italic">
      <span className="text-[#003087]">Pay</span>
      <span className="text-[#00579a]">Pal</span>
      <span className="ml-2 not-italic font-medium text-stone-700">(sandbox)</span>
    </span>
  );
}

export default function SandboxPaypal({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const navigate = useNavigate();
  const [decided, setDecided] = useState<SandboxDecision | null>(null);
  // The buttons work through scripts: until the page runs, a click would do nothing.
  const hydrated = useHydrated();
  const approving = fetcher.state !== "idle";
  const open = order.status === "CREATED";

  /** Tells the checkout that opened this window; opened in the same tab, goes back to it. */
  function report(decision: SandboxDecision) {
    setDecided(decision);
    const opener = window.opener as Window | null;
    if (opener && !opener.closed) {
      const message: SandboxWalletMessage = { type: SANDBOX_WALLET_MESSAGE, orderId: order.id, decision };
      opener.postMessage(message, window.location.origin);
    } else {
      navigate(sandboxReturnPath(order.id, decision), { replace: true });
    }
  }

  // Reported once the fetcher is idle: a navigation started while the approval's own reload is
  // still running was sometimes dropped, leaving this page on "Returning to the store...".
  const approved = fetcher.data?.approved === true && fetcher.state === "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: report once, when the approval is answered
  useEffect(() => {
    if (approved) report("approved");
  }, [approved]);

  const error = fetcher.data && !fetcher.data.approved ? fetcher.data.error : null;

  return (
    <SandboxFrame
      provider={<PaypalWordmark />}
      accent="bg-[#ffc439]"
      amountLabel="Threadline is asking you to approve a payment of"
      lines={order.lines}
      totals={order}
    >
      {decided ? (
        <p role="status" className="rounded-xl bg-stone-100 p-4 text-center text-sm text-ink">
          {decided === "approved" ? "Payment approved." : "Payment cancelled."} Returning to the store...
        </p>
      ) : open ? (
        <div className="space-y-3">
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <button
            type="button"
            disabled={approving || !hydrated}
            onClick={() => fetcher.submit({ intent: "approve" }, { method: "post" })}
            className="flex h-12 w-full items-center justify-center rounded-full bg-[#0070ba] px-6 text-base font-semibold text-white transition-colors hover:bg-[#005ea6] disabled:cursor-not-allowed disabled:opacity-60"
          >
            {approving ? "Approving..." : "Approve payment"}
          </button>
          <button
            type="button"
            disabled={approving || !hydrated}
            onClick={() => report("cancelled")}
            className="flex h-12 w-full items-center justify-center rounded-full border border-stone-300 px-6 text-base font-semibold text-ink transition-colors hover:border-ink disabled:opacity-60"
          >
            Cancel
          </button>
          <p className="text-center text-xs text-stone-500">
            Approving takes no money: nothing is real in the sandbox.
          </p>
        </div>
      ) : order.status === "APPROVED" ? (
        // Approved before, not captured yet (the checkout hands the same order out again): go on with it.
        <div className="space-y-3 text-center text-sm text-stone-700">
          <p role="status">This payment is already approved.</p>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => report("approved")}
            className="flex h-12 w-full items-center justify-center rounded-full bg-[#0070ba] px-6 text-base font-semibold text-white transition-colors hover:bg-[#005ea6] disabled:cursor-not-allowed disabled:opacity-60"
          >
            Continue to the store
          </button>
        </div>
      ) : (
        <div className="space-y-3 text-center text-sm text-stone-700">
          <p role="status">This sandbox payment is no longer waiting for approval.</p>
          <Link to="/checkout" className="font-semibold text-brand-700 underline underline-offset-4">
            Return to Checkout
          </Link>
        </div>
      )}
    </SandboxFrame>
  );
}
