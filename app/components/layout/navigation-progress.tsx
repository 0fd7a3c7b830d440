import { useNavigation } from "react-router";

/**
 * A thin line across the top of the window while a client-side navigation (a link, a form, a
 * filter) waits for the server (docs/product.md §11). It mounts when the navigation starts and
 * goes when it ends; its CSS (`.navigation-progress`, app/app.css) keeps it invisible for the
 * first 300 ms, so a fast page never flashes it. Decorative: what is loading is said where it
 * loads (the home grid's aria-busy, the product page's "Loading product..."), and the new
 * page's title is announced by RouteFocus. Without JavaScript the browser's own indicator does
 * this job.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      aria-hidden="true"
      data-testid="navigation-progress"
      className="navigation-progress pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px] overflow-hidden bg-brand-100"
    >
      <span className="block h-full w-2/5 bg-brand-700" />
    </div>
  );
}
