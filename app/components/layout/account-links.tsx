import { NavLink } from "react-router";
import { useCartCount } from "~/lib/cart";
import type { RootUser } from "~/lib/root-data";
import { ProfileMenu } from "./profile-menu";

function CartLink() {
  // 0 on the server and while hydrating; the stored cart's count afterwards.
  const count = useCartCount();
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart";
  return (
    <NavLink
      to="/cart"
      aria-label={label}
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition-colors hover:bg-stone-100 hover:text-ink"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
        />
        <circle cx="9.5" cy="19.5" r="1.25" />
        <circle cx="17" cy="19.5" r="1.25" />
      </svg>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-semibold leading-none text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </NavLink>
  );
}

/** The header's links of a signed-in shopper: the cart with its count, and the profile menu. */
export function AccountLinks({ user }: { user: RootUser }) {
  return (
    <>
      <CartLink />
      <ProfileMenu user={user} />
    </>
  );
}
