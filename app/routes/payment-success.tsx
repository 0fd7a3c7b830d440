import { useEffect } from "react";
import { formatMoney } from "../../domain/money";
import { PanelLink, StatePanel } from "~/components/checkout/checkout-panels";
import { isErrorOfKind } from "../../domain/errors";
import { clearCart } from "~/lib/cart";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/payment-success";

type Confirmation =
  | { state: "paid"; order: { number: string; totalCents: number } | null }
  | { state: "pending" | "refunded" | "expired"; message: string }
  | { state: "missing" | "not_found" | "unavailable" };

/**
 * Where Stripe (or the sandbox's hosted page) sends the shopper after paying. It runs the same
 * fulfilment as the webhook, so the order exists even if the webhook is late; a reload or a
 * second visit finds the same order. A made-up session id is simply not found.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Confirmation> {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) return { state: "missing" };
  let settled: Awaited<ReturnType<typeof context.services.payments.card.confirm>>;
  try {
    settled = await context.services.payments.card.confirm(sessionId);
  } catch (error) {
    if (isErrorOfKind(error, "not_found")) return { state: "not_found" };
    // The provider did not answer: the webhook or the reconciliation pass records the order later.
    context.logger.warn({ err: error }, "payment confirmation failed");
    return { state: "unavailable" };
  }
  const { result } = settled;
  if (result.outcome === "paid") {
    // Order details only for the shopper who paid: anyone may open this page with the link.
    const viewer = await context.services.auth.viewer(request);
    const view = viewer && settled.order?.userId === viewer.id ? settled.order : null;
    return { state: "paid", order: view ? { number: view.number, totalCents: view.totalCents } : null };
  }
  const message = result.message ?? "This payment has not been completed.";
  if (result.outcome === "pending" || result.outcome === "refused") return { state: "pending", message };
  return { state: result.outcome, message };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const TITLES: Record<Confirmation["state"], string> = {
  paid: "Payment Successful!",
  pending: "Payment not completed",
  refunded: "Payment not completed",
  expired: "Payment not completed",
  missing: "No payment to confirm",
  not_found: "No payment to confirm",
  unavailable: "Confirming your payment",
};

export function meta({ loaderData }: Route.MetaArgs) {
  return [...pageMeta(loaderData ? TITLES[loaderData.state] : "Payment"), { name: "robots", content: "noindex" }];
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const result = loaderData;
  const paid = result.state === "paid";

  // The order is recorded: what was in the cart is bought.
  useEffect(() => {
    if (paid) clearCart();
  }, [paid]);

  if (result.state === "paid") {
    return (
      <StatePanel
        icon="check"
        tone="success"
        title={TITLES.paid}
        text={
          <>
            <p>Thank you for your purchase. Your order has been received.</p>
            {result.order && (
              <p className="mt-3 text-sm" data-testid="order-reference">
                Order <span className="font-semibold text-ink">#{result.order.number}</span> ·{" "}
                {formatMoney(result.order.totalCents)}
              </p>
            )}
          </>
        }
      >
        <PanelLink to="/">Back to Home</PanelLink>
        <PanelLink to="/orders" secondary>
          View My Orders
        </PanelLink>
      </StatePanel>
    );
  }
  if (result.state === "pending" || result.state === "refunded" || result.state === "expired") {
    return (
      <StatePanel icon="info" title={TITLES[result.state]} text={result.message}>
        <PanelLink to="/checkout">Return to Checkout</PanelLink>
        <PanelLink to="/" secondary>
          Back to Home
        </PanelLink>
      </StatePanel>
    );
  }
  const text =
    result.state === "unavailable"
      ? "We couldn't confirm your payment just now. If you paid, your order will appear in My Orders shortly; please reload this page in a moment."
      : "We couldn't find a payment for this link, so no order was placed with it. If you paid, your order appears in My Orders.";
  return (
    <StatePanel icon="info" title={TITLES[result.state]} text={text}>
      <PanelLink to="/">Back to Home</PanelLink>
      <PanelLink to="/orders" secondary>
        View My Orders
      </PanelLink>
    </StatePanel>
  );
}
