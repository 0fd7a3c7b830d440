import { PanelLink, StatePanel } from "~/components/checkout/checkout-panels";
import { pageMeta } from "~/lib/store";

/** Where the card provider's Cancel leads (docs/product.md §2). The cart is kept, so trying again is one click. */
export function meta() {
  return [...pageMeta("Payment Cancelled"), { name: "robots", content: "noindex" }];
}

export default function PaymentCancelled() {
  return (
    <StatePanel
      icon="info"
      title="Payment Cancelled"
      text="Your payment was cancelled. You can try again or modify your order."
    >
      <PanelLink to="/checkout">Return to Checkout</PanelLink>
      <PanelLink to="/cart" secondary>
        View Cart
      </PanelLink>
    </StatePanel>
  );
}
