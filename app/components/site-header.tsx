import { Link, NavLink } from "react-router";
import { STORE_NAME } from "../lib/store";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors ${isActive ? "text-ink" : "text-stone-600 hover:text-ink"}`;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="font-display text-2xl tracking-tight text-ink">
          {STORE_NAME}
        </Link>
        <div className="flex items-center gap-1">
          <NavLink to="/" end className={navLinkClass}>
            Home
          </NavLink>
          <NavLink to="/login" className={navLinkClass}>
            Login
          </NavLink>
          <NavLink
            to="/register"
            className="ml-1 rounded-full bg-ink px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-stone-800"
          >
            Register
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
