import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { type CartLine, cartTotals, countedLines } from "../../../domain/cart";
import { toRequestLines } from "../../../domain/cart-storage";
import { messages } from "../../../domain/messages";
import { formatMoney } from "../../../domain/money";
import { paymentMessages } from "../../../domain/payment-messages";
import { useCartCheck, withDiscount } from "~/lib/cart-check";
import { useDiscountCode } from "~/lib/discount-code";
import { DiscountCodeField } from "~/components/cart/discount-code-field";
import {
  BillingAddressSection,
  type CheckoutAddress,
  preselectedAddressId,
  ShippingAddressSection,
} from "./address-fields";
import { CardButton } from "./card-button";
import { ProcessingPayment } from "./checkout-panels";
import { OrderSummary } from "./order-summary";
import { type CheckoutRequest, checkoutRequest, type ServerTotals } from "~/lib/checkout/payment-api";
import { type PaymentMethodChoice, PaymentMethodSection } from "./payment-method";
import { usePaymentLock } from "~/lib/checkout/use-payment-lock";
import { WalletButtons } from "./wallet-buttons";

export interface CheckoutPayments {
  /** The provider registration behind each button (server/payments/registry.ts); "sandbox" for the built-in one. */
  wallet: string;
  card: string;
  paypalClientId: string | null;
}

const BLOCKED = "Some items in your cart can't be ordered as they are. Review your cart to continue.";

/** The two columns of the checkout (docs/product.md §2): choices and payment left, the order summary right. */
export function CheckoutForm({
  lines,
  addresses,
  payments,
  onPaid,
}: {
  lines: CartLine[];
  addresses: CheckoutAddress[];
  payments: CheckoutPayments;
  onPaid: (orderId: string | null) => void;
}) {
  const [shippingId, setShippingId] = useState(() => preselectedAddressId(addresses));
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [billingId, setBillingId] = useState(() => preselectedAddressId(addresses));
  const [method, setMethod] = useState<PaymentMethodChoice>("paypal");
  const lock = usePaymentLock();
  const discountCode = useDiscountCode();
  const check = useCartCheck(lines, true, discountCode);

  // The server's totals for exactly this cart and code; a change goes back to the browser's sum until asked again.
  const cartKey = JSON.stringify([toRequestLines(lines), discountCode]);
  const [serverTotals, setServerTotals] = useState<{ cartKey: string; totals: ServerTotals } | null>(null);
  const buyable = countedLines(lines, new Set(check.problems.keys()));
  const browserTotals = withDiscount(cartTotals(buyable), check.discount);
  const totals = serverTotals?.cartKey === cartKey ? serverTotals.totals : browserTotals;
  const blocked = check.problems.size > 0;
  const shipTo = addresses.find((a) => a.id === shippingId);

  // Back from a provider's page with the browser's back button: the page comes from the cache with the lock still held.
  const { release } = lock;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) release();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [release]);

  const onServerTotals = useCallback(
    (fresh: ServerTotals) => {
      if (fresh.totalCents !== totals.totalCents) {
        toast.info(`Your order total was updated to ${formatMoney(fresh.totalCents)} from the latest prices.`);
      }
      setServerTotals({ cartKey, totals: fresh });
    },
    [cartKey, totals.totalCents],
  );

  /** The request for the chosen cart and addresses, or null with the reason as a toast. */
  const request = useCallback((): CheckoutRequest | null => {
    if (!shippingId) {
      toast.error(messages.checkout.selectShipping);
      return null;
    }
    if (!sameAsShipping && !billingId) {
      toast.error(paymentMessages.selectBilling);
      return null;
    }
    if (blocked) {
      toast.error(BLOCKED);
      return null;
    }
    return checkoutRequest(lines, shippingId, { sameAsShipping, billingAddressId: billingId }, discountCode);
  }, [shippingId, sameAsShipping, billingId, blocked, lines, discountCode]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl text-ink sm:text-4xl">Checkout</h1>

      {check.notices.length > 0 && (
        <div role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <ul className="space-y-1">
            {check.notices.map((notice, i) => (
              // Notices only grow until dismissed, so the position is a stable key.
              <li key={i}>{notice}</li>
            ))}
          </ul>
        </div>
      )}

      {/*
        One column on a phone, in the order the shopper goes: choices, the order summary (its items folded) with the
        discount code, then Pay (docs/product.md §2). Two columns from lg: the summary stands beside the rest.
      */}
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <fieldset disabled={lock.busy} className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <legend className="sr-only">Delivery and payment choices</legend>
          <ShippingAddressSection addresses={addresses} value={shippingId} onChange={setShippingId} />
          <BillingAddressSection
            addresses={addresses}
            sameAsShipping={sameAsShipping}
            onSameChange={setSameAsShipping}
            value={billingId}
            onChange={setBillingId}
          />
          <PaymentMethodSection
            value={method}
            onChange={setMethod}
            sandbox={{ paypal: payments.wallet === "sandbox", stripe: payments.card === "sandbox" }}
          />
        </fieldset>

        <OrderSummary
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          lines={lines}
          problems={check.problems}
          totals={totals}
          shipTo={shipTo}
          discountField={lock.busy ? undefined : <DiscountCodeField code={discountCode} check={check.discount} />}
        />

        <section aria-label="Pay" className="space-y-4 lg:col-start-1 lg:row-start-2 lg:self-start">
          {blocked ? (
            <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
              {BLOCKED}{" "}
              <Link to="/cart" className="font-semibold underline underline-offset-2">
                Go to cart
              </Link>
            </p>
          ) : method === "paypal" && !shippingId ? (
            <p role="alert" className="rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
              {messages.checkout.selectShipping}
            </p>
          ) : method === "paypal" ? (
            <WalletButtons
              mode={payments.wallet}
              clientId={payments.paypalClientId}
              lock={lock}
              request={request}
              onServerTotals={onServerTotals}
              onPaid={onPaid}
            />
          ) : (
            <CardButton
              lock={lock}
              request={request}
              onServerTotals={onServerTotals}
              sandbox={payments.card === "sandbox"}
            />
          )}
          {/* A card payment goes on at Stripe: the page says so from the click until the browser has left. */}
          {lock.busy && <ProcessingPayment detail={method === "stripe" ? messages.card.redirect : undefined} />}
        </section>
      </div>
    </div>
  );
}
