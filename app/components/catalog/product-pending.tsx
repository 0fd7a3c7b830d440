import { useLocation, useNavigation } from "react-router";
import { productsTexts } from "../../../domain/shop-messages";

const PRODUCT_PATH = /^\/product\/[^/]+\/?$/;

/**
 * 'Loading product...' while the browser fetches a product page (docs/product.md §2). During a
 * client-side navigation React Router keeps the previous screen until the new loader has
 * answered, so the product route cannot show this itself: it lives in the root and covers the
 * old screen with the outline of a product page. A first load is server-rendered and never
 * shows it. It fades in, so a fast answer does not flash.
 */
export function ProductPending() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location;
  if (navigation.state !== "loading" || !target || !PRODUCT_PATH.test(target.pathname)) return null;
  if (target.pathname === location.pathname) return null;

  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 top-16 z-30 overflow-hidden bg-white opacity-100 transition-opacity duration-300 starting:opacity-0"
    >
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
        <p className="flex items-center gap-3 py-1 text-sm font-medium text-stone-700">
          <span
            aria-hidden="true"
            className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-ink"
          />
          {productsTexts.loading}
        </p>
        <div
          aria-hidden="true"
          className="mt-4 grid animate-pulse gap-8 lg:grid-cols-[minmax(0,11fr)_minmax(0,9fr)] lg:gap-12"
        >
          <div className="aspect-[4/5] w-full rounded-2xl bg-brand-100 lg:ml-24 lg:w-auto" />
          <div className="space-y-4">
            <div className="h-3 w-24 rounded bg-stone-200" />
            <div className="h-8 w-3/4 rounded bg-stone-200" />
            <div className="h-6 w-28 rounded bg-stone-200" />
            <div className="h-20 w-full rounded bg-stone-100" />
            <div className="h-12 w-full rounded-full bg-stone-200" />
          </div>
        </div>
      </div>
    </div>
  );
}
