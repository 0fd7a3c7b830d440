import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { messages } from "../../../domain/messages";
import { PaypalButtons } from "./paypal-buttons";
import { failureText, paymentApi, totalsOf } from "~/lib/checkout/payment-api";
import { awaitSandboxDecision, openApprovalWindow, sandboxApprovalPath } from "~/lib/checkout/sandbox-wallet-window";
import { settleWalletResult, type WalletButtonProps } from "~/lib/checkout/wallet-button-props";

/** Capture on the server; only a `paid` outcome is an order (docs/product.md §4). */
async function captureOnServer(orderId: string, onPaid: WalletButtonProps["onPaid"]): Promise<void> {
  settleWalletResult(await paymentApi.captureWallet(orderId), onPaid);
}

/**
 * The wallet button: PayPal's own buttons with real keys, otherwise the sandbox's gold button
 * that runs the same server steps (create, approve on a local page, capture).
 */
export function WalletButtons(props: WalletButtonProps & { mode: string; clientId: string | null }) {
  const { mode, clientId, ...rest } = props;
  if (mode === "paypal" && clientId) return <PaypalButtons clientId={clientId} {...rest} />;
  return <SandboxWalletButton {...rest} />;
}

function SandboxWalletButton({ lock, request, onServerTotals, onPaid }: WalletButtonProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const returned = useRef(false);
  const [awaitingApproval, setAwaitingApproval] = useState(false);

  // Back from the approval page in this tab (the browser blocked the approval window).
  const decision = searchParams.get("paypal");
  const returnedOrder = searchParams.get("order");
  useEffect(() => {
    if (returned.current || !decision || !returnedOrder) return;
    returned.current = true;
    navigate("/checkout", { replace: true });
    if (decision === "cancelled") {
      toast.info(messages.wallet.cancelled);
      return;
    }
    if (decision !== "approved") return;
    void lock.run(
      () => captureOnServer(returnedOrder, onPaid),
      (error) => toast.error(failureText(error, messages.wallet.buttonError)),
    );
  }, [decision, returnedOrder, lock, navigate, onPaid]);

  async function pay() {
    const body = request();
    if (!body) return;
    let popup: Window | null = null;
    await lock.run(
      async (leave) => {
        // Opened inside the click, before any await, so the browser lets it open.
        popup = openApprovalWindow();
        const created = await paymentApi.startWallet(body);
        onServerTotals(totalsOf(created));
        if (!popup) {
          // No window allowed: approve in this tab; the page comes back here with the decision.
          leave();
          window.location.assign(sandboxApprovalPath(created.id));
          return;
        }
        setAwaitingApproval(true);
        const choice = await awaitSandboxDecision(popup, created.id).finally(() => setAwaitingApproval(false));
        if (choice === "cancelled") {
          toast.info(messages.wallet.cancelled);
          return;
        }
        await captureOnServer(created.id, onPaid);
      },
      (error) => {
        (popup as Window | null)?.close();
        toast.error(failureText(error, messages.wallet.buttonError));
      },
    );
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={pay}
        disabled={lock.busy}
        aria-label="PayPal (sandbox)"
        className="flex h-12 w-full items-center justify-center gap-2 rounded-md bg-[#ffc439] px-6 text-base font-semibold text-[#111] shadow-sm transition-[filter] hover:brightness-95 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <span className="italic">
          <span className="text-[#003087]">Pay</span>
          <span className="text-[#00579a]">Pal</span>
        </span>
        <span>(sandbox)</span>
      </button>
      <p className="text-center text-xs text-stone-500">
        {awaitingApproval
          ? "Approve or cancel in the PayPal (sandbox) window. Closing it cancels the payment."
          : "Sandbox — no real money. You approve the payment on a local test page."}
      </p>
    </div>
  );
}
