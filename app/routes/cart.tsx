import { data, Link, redirect } from "react-router";
import { loginPathFor } from "../../domain/redirects";
import { ServerCart, serverCartView } from "~/components/cart/server-cart";
import { toast } from "~/lib/toast";
import { type CartLine, cartItemCount, cartTotals, countedLines, lineKey } from "../../domain/cart";
import { messages } from "../../domain/messages";
import { CartLineItem } from "~/components/cart/cart-line-item";
import { CartSummary } from "~/components/cart/cart-summary";
import { DiscountCodeField } from "~/components/cart/discount-code-field";
import { clearCart, removeFromCart, setCartQuantity, useCartLines, useHydrated } from "~/lib/cart";
import { useCartCheck, withDiscount } from "~/lib/cart-check";
import { useCartSyncSettled } from "~/lib/cart-sync";
import { useDiscountCode } from "~/lib/discount-code";
import { pageMeta } from "~/lib/store";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The cart lives in the browser and, for a signed-in shopper, on the server too (decision 050):
  // the server's copy is what the page shows before its scripts run, or without them.
  const viewer = await context.services.auth.viewer(request);
  if (!viewer) return { signedIn: false, server: null };
  const { quote } = await context.services.savedCarts.quoteFor(viewer.id);
  return { signedIn: true, server: serverCartView(quote) };
}

/** Quantity and Remove posted as forms (the page without JavaScript): the saved cart changes, the page comes back. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await context.services.auth.viewer(request);
  if (!viewer) return redirect(loginPathFor("/cart"));
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const key = form?.get("key");
  if (!form || typeof key !== "string" || key.length > 1000) return data({ error: "Unknown action" }, { status: 400 });
  if (intent === "set-quantity") await context.services.savedCarts.setQuantity(viewer.id, key, form.get("quantity"));
  else if (intent === "remove") await context.services.savedCarts.remove(viewer.id, key);
  else return data({ error: "Unknown action" }, { status: 400 });
  return redirect("/cart", 303);
}

export function meta() {
  return [...pageMeta("Shopping Cart"), { name: "robots", content: "noindex" }];
}

const BLOCKED =
  "Some items in your cart can't be ordered as they are. Remove them or lower their quantity to proceed to checkout.";

function BagIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mx-auto h-12 w-12 text-brand-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

function Panel({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-20 text-center">
      <BagIcon />
      <h1 className="mt-4 font-display text-3xl text-ink">{title}</h1>
      <p className="mt-3 text-stone-600">{text}</p>
      <div className="mt-8 flex justify-center">{children}</div>
    </section>
  );
}

const primaryButton =
  "inline-flex h-12 items-center justify-center rounded-full bg-ink px-8 text-sm font-semibold text-white transition-colors hover:bg-stone-800";

function EmptyCart() {
  return (
    <Panel title={messages.cart.empty} text="Find something you love and it will wait for you here.">
      <Link to="/" className={primaryButton}>
        Continue Shopping
      </Link>
    </Panel>
  );
}

/** Runs a cart write; the browser may refuse to store it (storage full or switched off). */
function safely(write: () => void) {
  try {
    write();
  } catch {
    toast.error("Could not update your cart. Please try again.");
  }
}

function CartContents({ lines }: { lines: CartLine[] }) {
  const discountCode = useDiscountCode();
  const check = useCartCheck(lines, true, discountCode);
  // The same lines as the header's badge: everything but what the server found unbuyable.
  const buyable = countedLines(lines, new Set(check.problems.keys()));
  const totals = withDiscount(cartTotals(buyable), check.discount);
  const itemCount = cartItemCount(buyable);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex items-end justify-between gap-4">
        <h1 className="font-display text-3xl text-ink sm:text-4xl">Shopping Cart</h1>
        <button
          type="button"
          onClick={() => clearCart()}
          className="rounded-full px-3 py-2 text-sm font-medium text-stone-600 underline-offset-4 transition-colors hover:text-red-700 hover:underline"
        >
          Clear All
        </button>
      </div>

      {check.notices.length > 0 && (
        <div role="status" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <div className="flex items-start justify-between gap-4">
            <ul className="space-y-1">
              {check.notices.map((notice, i) => (
                // Notices only ever grow until dismissed, so the position is a stable key.
                <li key={i}>{notice}</li>
              ))}
            </ul>
            <button
              type="button"
              onClick={check.dismissNotices}
              className="shrink-0 font-medium underline underline-offset-2"
            >
              Dismiss
            </button>
          </div>
        </div>
      )}
      {check.status === "failed" && (
        <p role="status" className="mt-6 rounded-xl bg-stone-100 p-4 text-sm text-stone-700">
          We couldn't check prices and stock just now. They will be checked again at checkout.
        </p>
      )}

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-12">
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" className="sr-only">
            Items in your cart
          </h2>
          <ul className="divide-y divide-stone-200 border-y border-stone-200">
            {lines.map((line) => (
              <CartLineItem
                key={lineKey(line)}
                line={line}
                problem={check.problems.get(lineKey(line))}
                onQuantity={(key, quantity) => safely(() => setCartQuantity(key, quantity))}
                onRemove={(gone) => safely(() => removeFromCart(gone.productId, gone.selectedSize, gone.color))}
              />
            ))}
          </ul>
        </section>
        <CartSummary
          totals={totals}
          itemCount={itemCount}
          blockedReason={check.problems.size > 0 ? BLOCKED : null}
          discountField={<DiscountCodeField code={discountCode} check={check.discount} />}
        />
      </div>
    </div>
  );
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  const lines = useCartLines();
  const hydrated = useHydrated();
  const settled = useCartSyncSettled();

  if (!loaderData.signedIn) {
    return (
      <Panel title="Your Cart" text={messages.cart.loginToView}>
        <Link to="/login?redirectTo=%2Fcart" className={primaryButton}>
          Login
        </Link>
      </Panel>
    );
  }
  // Before the scripts run (or without them): the cart the server keeps, with forms that work as they are.
  const server = loaderData.server;
  if (!hydrated && server) {
    return server.lines.length > 0 ? <ServerCart cart={server} blockedReason={BLOCKED} /> : <EmptyCart />;
  }
  // A browser without this cart yet (another device, cleared storage): the server's stays until the sync brings it.
  if (lines.length === 0 && server && server.lines.length > 0 && !settled) {
    return <ServerCart cart={server} blockedReason={BLOCKED} />;
  }
  if (lines.length === 0) return <EmptyCart />;
  return <CartContents lines={lines} />;
}
