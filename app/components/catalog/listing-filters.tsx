import { Link } from "react-router";
import type { ListingQuery } from "../../../domain/listing";
import { listingSearch, PRICE_RANGES, priceRangeLabel } from "../../../domain/listing";
import type { ListingFacets } from "../../../domain/views";

/**
 * The grid's filters (issue 27): size in stock, colour and price, each a link with the number of
 * products it would show, so they work without JavaScript and combine in the address bar. A
 * chosen one is marked and removes itself when followed again.
 */

/** The address of the listing with `change` applied, starting again from the first page. */
export function withFilter(query: ListingQuery, change: Partial<ListingQuery>): string {
  return listingSearch({ ...query, ...change, limit: undefined }) || "/";
}

export function ListingFilters({ query, facets }: { query: ListingQuery; facets: ListingFacets }) {
  const sizes = facets.sizes.filter((s) => s.count > 0 || s.value === query.size);
  const colors = facets.colors.filter((c) => c.count > 0 || c.value === query.color);
  const inUse = Boolean(query.size || query.color || query.minDollars != null || query.maxDollars != null);
  // Closed until a filter is in use, so the home page's grid stays where the brief has it; a
  // <details> opens and closes without JavaScript.
  return (
    <details open={inUse} className="border-b border-stone-200 text-sm">
      <summary className="cursor-pointer py-3 font-medium text-stone-700 hover:text-ink">
        Filters{inUse ? " (in use)" : ""}
      </summary>
      <nav aria-label="Filters" className="flex flex-col gap-3 pb-4 lg:flex-row lg:flex-wrap lg:gap-x-8">
        {sizes.length > 0 && (
          <FilterGroup label="Size in stock">
            {sizes.map((s) => (
              <FilterLink
                key={s.value}
                label={s.value}
                count={s.count}
                active={query.size === s.value}
                to={withFilter(query, { size: query.size === s.value ? undefined : (s.value as ListingQuery["size"]) })}
              />
            ))}
          </FilterGroup>
        )}
        {colors.length > 0 && (
          <FilterGroup label="Colour">
            {colors.map((c) => (
              <FilterLink
                key={c.value}
                label={c.label}
                count={c.count}
                active={query.color === c.value}
                to={withFilter(query, { color: query.color === c.value ? undefined : c.value })}
              />
            ))}
          </FilterGroup>
        )}
        <FilterGroup label="Price">
          {PRICE_RANGES.map((range, i) => {
            const active = query.minDollars === range.min && query.maxDollars === range.max;
            return (
              <FilterLink
                key={range.label}
                label={range.label}
                count={facets.prices[i] ?? 0}
                active={active}
                to={withFilter(
                  query,
                  active
                    ? { minDollars: undefined, maxDollars: undefined }
                    : { minDollars: range.min, maxDollars: range.max },
                )}
              />
            );
          })}
        </FilterGroup>
      </nav>
    </details>
  );
}

function FilterGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="mr-1 font-medium text-stone-700">{label}</span>
      <ul className="flex flex-wrap gap-2">{children}</ul>
    </div>
  );
}

function FilterLink({ label, count, active, to }: { label: string; count: number; active: boolean; to: string }) {
  // A filter that would show nothing is said, not offered.
  if (count === 0 && !active)
    return (
      <li>
        <span className="inline-flex items-center gap-1 rounded-full border border-dashed border-stone-200 px-3 py-1.5 text-stone-400">
          {label} <span>0</span>
          <span className="sr-only"> products</span>
        </span>
      </li>
    );
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={active ? "true" : undefined}
        className={`relative inline-flex items-center gap-1 rounded-full border px-3 py-1.5 transition-colors ${
          active ? "border-ink bg-ink text-white" : "border-stone-300 text-stone-700 hover:border-ink"
        }`}
      >
        {label}
        <span className={active ? "text-stone-300" : "text-stone-500"}>
          <span className="sr-only">, </span>
          {count}
          <span className="sr-only">{count === 1 ? " product" : " products"}</span>
        </span>
      </Link>
    </li>
  );
}

/** What an empty result may relax: each search word or filter in use, as a link without it. */
export function RelaxFilters({ query, colorLabel }: { query: ListingQuery; colorLabel?: string }) {
  const options: { label: string; to: string }[] = [];
  if (query.q) options.push({ label: `Search “${query.q}”`, to: withFilter(query, { q: undefined }) });
  if (query.category)
    options.push({ label: `Category: ${query.category}`, to: withFilter(query, { category: undefined }) });
  if (query.size) options.push({ label: `Size: ${query.size}`, to: withFilter(query, { size: undefined }) });
  if (query.color)
    options.push({ label: `Colour: ${colorLabel ?? query.color}`, to: withFilter(query, { color: undefined }) });
  if (query.minDollars != null || query.maxDollars != null)
    options.push({
      label: `Price: ${priceRangeLabel(query.minDollars, query.maxDollars)}`,
      to: withFilter(query, { minDollars: undefined, maxDollars: undefined }),
    });
  if (options.length === 0) return null;
  return (
    <div className="mt-4 text-sm text-stone-700">
      <p>{options.length === 1 ? "Try without it:" : "Try removing one:"}</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {options.map((o) => (
          <li key={o.label}>
            <Link to={o.to} className="inline-block rounded-full border border-stone-300 px-3 py-1.5 hover:border-ink">
              <span className="sr-only">Remove </span>
              {o.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
