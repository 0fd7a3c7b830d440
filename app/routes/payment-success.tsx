import { useEffect } from "react";
import type { AppLoadContext } from "react-router";
import { isErrorOfKind } from "../../domain/errors";
import type { PaymentResult } from "../../domain/payment-contract";
import { PanelLink, StatePanel } from "~/components/checkout/checkout-panels";
import { PlacedOrder } from "~/components/orders/placed-order";
import { clearCart } from "~/lib/cart";
import { type NoticeOutcome, outcomeTitle, reactionTo } from "~/lib/checkout/payment-outcome";
import { type PlacedOrderView, placedOrderView } from "~/lib/orders/placed-order-view";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/payment-success";

type Confirmation =
  | { state: "paid"; order: PlacedOrderView | null }
  | { state: NoticeOutcome; message: string }
  | { state: "missing" | "not_found" | "unavailable" };

/**
 * The seam between this page and the card's confirmation (issue 23, items 2 and 4): the
 * outcome in the contract's words, and the order in full for the shopper who paid, else null.
 * `card.confirm` answers both from its one read of the checkout; nothing reads the order again.
 */
async function confirmCardPayment(
  request: Request,
  context: AppLoadContext,
  sessionId: string,
): Promise<{ result: PaymentResult; order: PlacedOrderView | null }> {
  const { result, order } = await context.services.payments.card.confirm(sessionId);
  if (result.outcome !== "paid" || !order) return { result, order: null };
  // Order details only for the shopper who paid: anyone may open this page with the link.
  const viewer = await context.services.auth.viewer(request);
  return { result, order: viewer && order.userId === viewer.id ? placedOrderView(order) : null };
}

/**
 * Where Stripe (or the sandbox's hosted page) sends the shopper after paying. It runs the same
 * fulfilment as the webhook, so the order exists even if the webhook is late; a reload or a
 * second visit finds the same order. A made-up session id is simply not found.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<Confirmation> {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) return { state: "missing" };
  let confirmed: Awaited<ReturnType<typeof confirmCardPayment>>;
  try {
    confirmed = await confirmCardPayment(request, context, sessionId);
  } catch (error) {
    if (isErrorOfKind(error, "not_found")) return { state: "not_found" };
    // The provider did not answer: the webhook or the reconciliation pass records the order later.
    context.logger.warn({ err: error }, "payment confirmation failed");
    return { state: "unavailable" };
  }
  const reaction = reactionTo(confirmed.result);
  if (reaction.kind === "paid") return { state: "paid", order: confirmed.order };
  return { state: reaction.outcome, message: reaction.text };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const OTHER_TITLES = {
  missing: "No payment to confirm",
  not_found: "No payment to confirm",
  unavailable: "Confirming your payment",
} as const;

const titleOf = (state: Confirmation["state"]) =>
  state === "missing" || state === "not_found" || state === "unavailable" ? OTHER_TITLES[state] : outcomeTitle(state);

export function meta({ loaderData }: Route.MetaArgs) {
  return [...pageMeta(loaderData ? titleOf(loaderData.state) : "Payment"), { name: "robots", content: "noindex" }];
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
      <div className="mx-auto max-w-3xl pb-16">
        <StatePanel
          icon="check"
          tone="success"
          followed={result.order !== null}
          title={titleOf("paid")}
          text={<p>Thank you for your purchase. Your order has been received.</p>}
        >
          <PanelLink to="/">Back to Home</PanelLink>
          <PanelLink to="/orders" secondary>
            View My Orders
          </PanelLink>
        </StatePanel>
        {result.order && (
          <div className="px-4">
            <PlacedOrder order={result.order} level={2} />
          </div>
        )}
      </div>
    );
  }
  if ("message" in result) {
    return (
      <StatePanel icon="info" title={titleOf(result.state)} text={result.message}>
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
    <StatePanel icon="info" title={titleOf(result.state)} text={text}>
      <PanelLink to="/">Back to Home</PanelLink>
      <PanelLink to="/orders" secondary>
        View My Orders
      </PanelLink>
    </StatePanel>
  );
}
