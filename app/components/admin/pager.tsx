import { Link } from "react-router";

/** Previous/next links that keep the rest of the address (tab, filter). */
export function Pager({
  page,
  pageCount,
  search,
  label,
}: {
  page: number;
  pageCount: number;
  search: string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `?${params}`;
  };
  const linkClass = "rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-ink";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass} preventScrollReset>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={linkClass} preventScrollReset>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
