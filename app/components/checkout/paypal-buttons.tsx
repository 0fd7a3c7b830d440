import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { messages } from "../../../domain/messages";
import { loadPaypalSdk, type PaypalButtonsActions, type PaypalButtonsInstance } from "~/lib/paypal-sdk";
import { failureText, PaymentRequestError, paymentApi, totalsOf, walletFallbackOf } from "~/lib/checkout/payment-api";
import { settleWalletResult, type WalletButtonProps } from "~/lib/checkout/wallet-button-props";

/** The server could not be reached or failed (not: it refused the cart); only then does the browser take over. */
const serverFailed = (error: unknown) => !(error instanceof PaymentRequestError) || !error.refused;

/**
 * PayPal's own buttons (vertical, rect, gold) from its JS SDK. The server creates and captures
 * the order; if it cannot reach PayPal, the buttons create or capture in the browser
 * (docs/product.md §4's fallback, with its info toast) and the server then verifies that PayPal order by
 * id with PayPal before it records anything. A browser-made order carries the checkout the
 * server opened (custom_id) and that checkout's amount: the server records nothing else.
 */
export function PaypalButtons({ clientId, ...props }: WalletButtonProps & { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let instance: PaypalButtonsInstance | null = null;
    let gone = false;
    // Per click: whether the browser made this PayPal order itself.
    let madeInBrowser = false;

    loadPaypalSdk(clientId)
      .then((paypal) => {
        if (gone || !container.current) return;
        instance = paypal.Buttons({
          style: { layout: "vertical", shape: "rect", color: "gold" },

          async createOrder(_data: unknown, actions: PaypalButtonsActions) {
            const { lock, request, onServerTotals } = latest.current;
            const body = request();
            if (!body) throw new Error(messages.checkout.selectShipping);
            if (!lock.acquire()) throw new Error("A payment is already in progress");
            madeInBrowser = false;
            try {
              const created = await paymentApi.startWallet(body);
              onServerTotals(totalsOf(created));
              return created.id;
            } catch (error) {
              const fallback = serverFailed(error) ? walletFallbackOf(error) : null;
              if (!fallback) {
                lock.release();
                throw error;
              }
              toast.info(messages.wallet.fallback);
              madeInBrowser = true;
              return actions.order.create({
                intent: "CAPTURE",
                purchase_units: [
                  { amount: fallback.amount, custom_id: fallback.checkoutId, invoice_id: fallback.checkoutId },
                ],
              });
            }
          },

          async onApprove(data: { orderID: string }, actions: PaypalButtonsActions) {
            const { lock, onPaid } = latest.current;
            try {
              if (!madeInBrowser) {
                try {
                  settleWalletResult(await paymentApi.captureWallet(data.orderID), onPaid);
                  return;
                } catch (error) {
                  if (!serverFailed(error)) throw error;
                  toast.info(messages.wallet.fallback);
                }
              }
              try {
                await actions.order.capture();
              } catch {
                // Already captured (by the server before it failed): the verification below finds out.
              }
              settleWalletResult(await paymentApi.verifyWallet(data.orderID), onPaid);
            } catch (error) {
              toast.error(failureText(error, messages.wallet.buttonError));
            } finally {
              lock.release();
            }
          },

          onCancel() {
            toast.info(messages.wallet.cancelled);
            latest.current.lock.release();
          },

          onError(error: unknown) {
            toast.error(failureText(error, messages.wallet.buttonError));
            latest.current.lock.release();
          },
        });
        return instance.render(container.current);
      })
      .catch(() => {
        if (!gone) setFailed(true);
      });

    return () => {
      gone = true;
      instance?.close().catch(() => {});
    };
  }, [clientId]);

  return (
    <div>
      <div
        ref={container}
        className={props.lock.busy ? "pointer-events-none opacity-60" : undefined}
        aria-busy={props.lock.busy}
      />
      {failed && (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          PayPal failed to load. Check your connection and reload the page, or pay by card.
        </p>
      )}
    </div>
  );
}
