import { Link } from "react-router";
import { RETURN_WINDOW_DAYS } from "../../../domain/return-window";
import { CONTACT_EMAIL, CONTACT_HOURS, STORE_NAME, STORE_TAGLINE } from "~/lib/store";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="font-display text-xl">{STORE_NAME}</p>
          <p className="mt-3 max-w-sm text-sm text-stone-600">{STORE_TAGLINE}</p>
          <p className="mt-3 max-w-sm text-sm text-stone-600">
            Small-batch pieces chosen by our studio team. Free returns within {RETURN_WINDOW_DAYS} days on unworn items.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-900">Help</h2>
          <ul className="mt-3 space-y-2 text-sm text-stone-600">
            <li>
              <a className="hover:text-ink" href={`mailto:${CONTACT_EMAIL}`}>
                Contact us: {CONTACT_EMAIL}
              </a>
            </li>
            <li>{CONTACT_HOURS}</li>
            <li>
              <Link className="hover:text-ink" to="/orders">
                Track an order
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-stone-900">Policies</h2>
          <ul className="mt-3 space-y-2 text-sm text-stone-600">
            <li>
              <Link className="hover:text-ink" to="/about">
                About us
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" to="/shipping-returns">
                Shipping &amp; returns
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" to="/privacy">
                Privacy policy
              </Link>
            </li>
            <li>
              <Link className="hover:text-ink" to="/terms">
                Terms of sale
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-stone-200">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-stone-600 sm:px-6">
          © {year} {STORE_NAME}. All rights reserved. Prices in USD.
        </p>
      </div>
    </footer>
  );
}
