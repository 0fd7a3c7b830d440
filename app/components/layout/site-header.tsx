import { Link, NavLink } from "react-router";
import { useCartCount } from "~/lib/cart";
import { STORE_NAME } from "~/lib/store";
import { useRootData } from "~/lib/root-data";
import { ProfileMenu } from "./profile-menu";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-sm font-medium transition-colors sm:px-3 ${isActive ? "text-ink" : "text-stone-600 hover:text-ink"}`;

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
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
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

export function SiteHeader() {
  const user = useRootData()?.user ?? null;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" className="font-display text-xl tracking-tight text-ink sm:text-2xl">
          {STORE_NAME}
        </Link>
        <div className="flex items-center gap-0.5 sm:gap-1">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          {user ? (
            <>
              {user.isAdmin && (
                <NavLink to="/admin" className={navLinkClass}>
                  Admin
                </NavLink>
              )}
              <CartLink />
              <ProfileMenu user={user} />
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLinkClass}>
                Login
              </NavLink>
              <NavLink
                to="/register"
                className="ml-1 rounded-full bg-ink px-3.5 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800 sm:px-4"
              >
                Register
              </NavLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
