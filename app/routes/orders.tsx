import { data, Link } from "react-router";
import { refundMessages } from "../../domain/refunds";
import { readReturnForm, returnMessages } from "../../domain/returns";
import type { OrderView } from "../../domain/views";
import { AccountLayout } from "~/components/account/account-layout";
import { OrderCardHeader } from "~/components/orders/order-card-header";
import { AddressBlock, ItemsAndTotals } from "~/components/orders/order-items";
import { CustomerCancel } from "~/components/orders/customer-cancel";
import { OrderRefunds } from "~/components/orders/order-refunds";
import { PlacedOrder } from "~/components/orders/placed-order";
import { ReturnRequests } from "~/components/orders/return-request";
import { StatusHistory } from "~/components/orders/status-history";
import { OrderTracking } from "~/components/orders/order-tracking";
import { walletTexts } from "../../domain/messages";
import { type AdminResult, adminResult } from "~/lib/admin-result";
import { placedOrderFor } from "~/lib/orders/placed-order.server";
import type { PlacedOrderView } from "~/lib/orders/placed-order-view";
import { useLiveRevalidate } from "~/lib/live";
import { refusalOf } from "~/lib/page-failure.server";
import { refundRefusal } from "~/lib/refund-refusal.server";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  // A visitor goes to /login?redirectTo=/orders and comes back here after signing in.
  const viewer = await context.services.auth.requireUser(request);
  // The wallet's payment ends here (/orders?placed=<id>): that order, the shopper's own only, in full on top.
  const placedId = new URL(request.url).searchParams.get("placed");
  const [orders, placed] = await Promise.all([
    context.services.orders.listOrdersForUser(viewer.id),
    placedOrderFor(context, viewer, placedId),
  ]);
  // One clock for the page: the return window is drawn the same on the server and in the browser.
  return { orders, placed, now: new Date().toISOString() };
}

/** The customer cancels their own Placed or Confirmed order: refunded in full and restocked (decision 033). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.services.auth.requireUser(request);
  const form = await request.formData();
  const orderId = form.get("orderId");
  if (form.get("intent") === "request-return" && typeof orderId === "string") {
    return requestReturn(context, viewer.id, orderId, form);
  }
  if (form.get("intent") !== "cancel-order" || typeof orderId !== "string") {
    return data(adminResult(false, refundMessages.customerCancelFailed, "Unknown action."), { status: 400 });
  }
  try {
    await context.services.refunds.cancelByCustomer({ orderId, userId: viewer.id });
    return adminResult(true, refundMessages.customerCancelled);
  } catch (error) {
    const refused = refundRefusal(error);
    if (refused)
      return data(adminResult(false, refundMessages.customerCancelFailed, refused.message), { status: refused.status });
    context.logger.error({ err: error }, "a customer's cancellation failed");
    return data(adminResult(false, refundMessages.customerCancelFailed), { status: 500 });
  }
}

/** The shopper asks for a return of pieces of their delivered order (decision 052): the server checks every rule. */
async function requestReturn(context: Route.ActionArgs["context"], userId: string, orderId: string, form: FormData) {
  const input = readReturnForm(form.entries());
  if ("message" in input) return data(adminResult(false, returnMessages.requestFailed, input.message), { status: 400 });
  try {
    await context.services.returns.request({ orderId, userId, ...input });
    return adminResult(true, returnMessages.requested);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused)
      return data(adminResult(false, returnMessages.requestFailed, refused.message), { status: refused.status });
    context.logger.error({ err: error }, "a return request failed");
    return data(adminResult(false, returnMessages.requestFailed), { status: 500 });
  }
}

export function meta() {
  return [...pageMeta("My Orders"), { name: "robots", content: "noindex" }];
}

export default function Orders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, placed, now } = loaderData;
  const result = actionData as AdminResult | undefined;
  // The stream brings this customer's order notices only; the loader reads the orders again.
  useLiveRevalidate((event) => event.type === "order.status" || event.type === "order.created");
  return (
    <AccountLayout title="My Orders">
      {/* Without JavaScript a posted form's answer has no toast: say it on the page. */}
      {result && (
        <noscript>
          <p className="mb-4 rounded-lg border border-stone-300 px-4 py-3 text-sm">
            {result.toast.text}
            {result.toast.description ? `: ${result.toast.description}` : ""}
          </p>
        </noscript>
      )}
      {placed && <JustPlaced order={placed} />}
      {placed && <h2 className="mb-4 font-display text-2xl text-ink">All orders</h2>}
      {orders.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center">
          <p className="text-stone-700">You have no orders yet.</p>
          <Link
            to="/"
            className="mt-4 inline-flex rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-stone-800"
          >
            Continue Shopping
          </Link>
        </div>
      ) : (
        <ul aria-label="Orders" className="space-y-6">
          {orders.map((order) => (
            <li key={order.id}>
              <CustomerOrderCard order={order} now={now} />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

/** The order the wallet just paid for, above the list: the same block as the card's confirmation page. */
function JustPlaced({ order }: { order: PlacedOrderView }) {
  return (
    <section aria-labelledby="just-placed" className="mb-10 space-y-4">
      <div>
        <h2 id="just-placed" className="font-display text-2xl text-ink">
          {walletTexts.success}
        </h2>
        <p className="mt-1 text-stone-600">Thank you for your purchase. Your order has been received.</p>
      </div>
      <PlacedOrder order={order} level={3} />
    </section>
  );
}

function CustomerOrderCard({ order, now }: { order: OrderView; now: string }) {
  const headingId = `order-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <OrderCardHeader order={order} headingId={headingId} level={2} datePrefix="Placed" className="sm:px-6" />
      <div className="grid gap-6 px-4 py-4 sm:px-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ItemsAndTotals order={order} level={3}>
          <OrderRefunds order={order} level={3} pendingText={refundMessages.pendingCustomer} />
          <CustomerCancel order={order} />
          <ReturnRequests order={order} now={now} />
        </ItemsAndTotals>
        <div className="space-y-5">
          <AddressBlock title="Shipping address" address={order.shippingAddress} level={3} />
          {order.tracking && <OrderTracking tracking={order.tracking} level={3} />}
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-600">Status history</h3>
            <div className="mt-3">
              <StatusHistory entries={order.statusHistory} />
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
