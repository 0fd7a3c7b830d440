import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { messages } from "../../domain/messages";
import { loginPathFor } from "../../domain/redirects";
import { CheckoutForm, type CheckoutPayments } from "~/components/checkout/checkout-form";
import { PanelLink, StatePanel, secondaryLinkClass } from "~/components/checkout/checkout-panels";
import { CheckoutNewAddress } from "~/components/checkout/new-address";
import { clearCart, useCartLines, useHydrated } from "~/lib/cart";
import { placedOrderPath } from "~/lib/checkout/payment-outcome";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/checkout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { modes } = context.services.payments;
  const payments: CheckoutPayments = {
    wallet: modes.wallet,
    card: modes.card,
    paypalClientId: modes.wallet === "paypal" ? context.config.payments.paypalClientId : null,
  };
  const viewer = await context.services.auth.viewer(request);
  if (!viewer) return { signedIn: false, addresses: [], payments };
  // The cart lives in the browser; the server brings what only it knows: who is buying and where it can go.
  return { signedIn: true, addresses: await context.services.accounts.listAddresses(viewer.id), payments };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [...pageMeta("Checkout"), { name: "robots", content: "noindex" }];
}

const LOGIN_PATH = loginPathFor("/checkout");
/** As long as the toast that says why (docs/product.md §9: toasts close after 5 seconds). */
const VISITOR_REDIRECT_MS = 5000;

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { signedIn, addresses, payments } = loaderData;
  const lines = useCartLines();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // Set before the cart is cleared, so the emptied cart reads as "paid", not as "your cart is empty".
  const paidRef = useRef(false);
  const [paid, setPaid] = useState(false);

  // The wallet ends on My Orders, with the order just paid shown in full on top (docs/product.md).
  const onPaid = useCallback(
    (orderId: string | null) => {
      paidRef.current = true;
      setPaid(true);
      toast.success(messages.wallet.success);
      clearCart();
      navigate(placedOrderPath(orderId));
    },
    [navigate],
  );

  // docs/product.md §2: a visitor gets the panel, a toast and a redirect to /login. The panel stays readable
  // while the toast does (5 s), and the shopper may stay: no one is sent away at once.
  const [staying, setStaying] = useState(false);
  useEffect(() => {
    if (signedIn) return;
    toast.error(messages.checkout.notLoggedIn);
  }, [signedIn]);
  useEffect(() => {
    if (signedIn || staying) return;
    const timer = setTimeout(() => navigate(LOGIN_PATH, { replace: true }), VISITOR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [signedIn, staying, navigate]);

  const empty = signedIn && hydrated && lines.length === 0 && !paidRef.current;
  useEffect(() => {
    if (!empty) return;
    toast.error(messages.checkout.emptyCart);
    navigate("/cart", { replace: true });
  }, [empty, navigate]);

  if (!signedIn) {
    return (
      <StatePanel
        icon="lock"
        title={messages.checkout.notLoggedIn}
        text={
          <>
            <p>Log in to pay for the items in your cart.</p>
            {hydrated && !staying && <p className="mt-2 text-sm">Taking you to the login page in a few seconds…</p>}
          </>
        }
      >
        <PanelLink to={LOGIN_PATH}>Login</PanelLink>
        {hydrated && !staying && (
          <button type="button" onClick={() => setStaying(true)} className={secondaryLinkClass}>
            Stay on this page
          </button>
        )}
      </StatePanel>
    );
  }
  if (paid || paidRef.current) {
    return (
      <StatePanel icon="check" tone="success" title={messages.wallet.success} text="Taking you to your orders..." />
    );
  }
  if (!hydrated) {
    // The cart is in this browser's storage: nothing to show until the page runs here.
    return (
      <section aria-busy="true" className="mx-auto max-w-7xl px-4 py-20 text-center text-stone-500 sm:px-6">
        Loading checkout...
      </section>
    );
  }
  if (lines.length === 0) {
    return (
      <StatePanel icon="bag" title={messages.checkout.emptyCart}>
        <PanelLink to="/">Continue Shopping</PanelLink>
      </StatePanel>
    );
  }
  if (addresses.length === 0) return <CheckoutNewAddress />;
  return <CheckoutForm lines={lines} addresses={addresses} payments={payments} onPaid={onPaid} />;
}
