import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { STORE_NAME } from "~/lib/store";
import { useRootData } from "~/lib/root-data";

/**
 * Only a signed-in shopper has the cart link and the profile menu: a visitor's pages do not
 * download them, nor the cart store behind the link's count
 * (docs/decisions/025-what-the-browser-loads-when.md).
 */
const loadAccountLinks = () => import("./account-links");
const AccountLinks = lazy(() => loadAccountLinks().then((module) => ({ default: module.AccountLinks })));
// A page the server rendered for a signed-in shopper starts the download as soon as this module
// runs, before React reaches the header: the menu is inert until it has arrived.
if (typeof document !== "undefined" && document.querySelector("[data-account-menu]")) void loadAccountLinks();

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-sm font-medium transition-colors sm:px-3 ${isActive ? "text-ink" : "text-stone-600 hover:text-ink"}`;

export function SiteHeader() {
  const user = useRootData()?.user ?? null;
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6"
      >
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
              <Suspense fallback={<span aria-hidden="true" className="h-10 w-20" />}>
                <AccountLinks user={user} />
              </Suspense>
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
