import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { CATEGORIES, categorySlug, PAGE_SIZE } from "../../domain/catalog";
import { isFiltered, listingChange, listingSearch, parseListingQuery } from "../../domain/listing";
import { productsTexts } from "../../domain/shop-messages";
import { ListingFilters, RelaxFilters, withFilter } from "~/components/catalog/listing-filters";
import { ProductCard } from "~/components/catalog/product-card";
import { SearchBox } from "~/components/catalog/search-box";
import { ScrollRow } from "~/components/ui/scroll-row";
import { useLiveRevalidate } from "~/lib/live";
import { pageMeta, STORE_NAME } from "~/lib/store";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseListingQuery(new URL(request.url).searchParams);
  const [page, facets] = await Promise.all([
    context.services.catalog.listProducts(query),
    context.services.catalog.listingFacets(query),
  ]);
  return { query, facets, ...page };
}

export function meta({ data }: Route.MetaArgs) {
  const query = data?.query;
  if (query?.q) return pageMeta(`Search: ${query.q}`, `Products matching “${query.q}” at ${STORE_NAME}.`);
  if (query?.category) return pageMeta(query.category, `Shop ${query.category} at ${STORE_NAME}.`);
  return pageMeta(STORE_NAME, `${STORE_NAME}: dresses, 2-pieces, children's wear, jackets, shoes and accessories.`);
}

const SORT_LABELS = {
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { query, facets, items, total, hasMore } = loaderData;
  const countOf = (category: string) => facets.categories.find((c) => c.value === category)?.count ?? 0;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  // The next listing while one loads (docs/product.md §11): Load more keeps the cards on show and
  // says "Loading…" on its button; a new filter, search or sort dims the grid until it arrives.
  // Without JavaScript each is a plain GET and the browser's own loading indicator shows it.
  const next =
    navigation.state === "loading" && navigation.location?.pathname === "/"
      ? parseListingQuery(new URLSearchParams(navigation.location.search))
      : null;
  const loadingMore = next !== null && listingChange(query, next) === "more";
  const refreshing = next !== null && !loadingMore;
  const busy = next !== null || undefined;
  const dimmed = `transition-opacity duration-200 ${refreshing ? "opacity-50 delay-150" : ""}`;
  const nextLimit = query.limit + PAGE_SIZE;
  const heading = query.q ? `Results for “${query.q}”` : (query.category ?? "New arrivals");
  // Any product change may move the grid (a new arrival, a price that changes the order); a
  // review only matters for the ratings of the cards on show.
  useLiveRevalidate(
    (event) =>
      event.type.startsWith("product.") ||
      (event.type.startsWith("review.") && "productId" in event && items.some((p) => p.id === event.productId)),
  );

  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <section className="py-8 sm:py-12">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">{STORE_NAME} studio</p>
        <h1 className="mt-2 font-display text-3xl sm:text-5xl">{heading}</h1>
        <p className="mt-3 text-sm text-stone-600">
          {total} {total === 1 ? "piece" : "pieces"}
        </p>
      </section>

      <div className="flex flex-col gap-4 border-y border-stone-200 py-4 2xl:flex-row 2xl:items-center 2xl:justify-between">
        <ScrollRow label="Categories">
          <ul className="flex gap-2 whitespace-nowrap">
            <li>
              <CategoryChip
                label="All"
                count={facets.categories.reduce((sum, c) => sum + c.count, 0)}
                to={withFilter({ ...query, category: undefined }, {})}
                active={!query.category}
              />
            </li>
            {CATEGORIES.map((category) => (
              <li key={category}>
                <CategoryChip
                  label={category}
                  count={countOf(category)}
                  to={withFilter(query, { category })}
                  active={query.category === category}
                />
              </li>
            ))}
          </ul>
        </ScrollRow>
        <Form method="get" role="search" className="grid shrink-0 grid-cols-[1fr_auto] items-center gap-2 sm:flex">
          {/* A new search keeps the filters in use (without JavaScript too: a plain GET). */}
          {query.category && <input type="hidden" name="category" value={categorySlug(query.category)} />}
          {query.size && <input type="hidden" name="size" value={query.size} />}
          {query.color && <input type="hidden" name="color" value={query.color} />}
          {query.minDollars != null && <input type="hidden" name="min" value={query.minDollars} />}
          {query.maxDollars != null && <input type="hidden" name="max" value={query.maxDollars} />}
          <SearchBox defaultValue={query.q ?? ""} />
          <label htmlFor="sort" className="sr-only">
            Sort by
          </label>
          <div className="flex min-w-0 gap-2">
            <select
              id="sort"
              name="sort"
              defaultValue={query.sort}
              key={query.sort}
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
              className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-3 py-2 text-sm focus:border-ink"
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {/* With a search, the default order is by relevance, newest first among equals. */}
                  {value === "newest" && query.q ? "Best match" : label}
                </option>
              ))}
            </select>
            {/* With JavaScript a new sort applies as it is chosen; without, this button sends the form (a GET). */}
            <noscript>
              <button
                type="submit"
                className="rounded-full border border-ink px-4 py-2 text-sm font-medium text-ink hover:bg-stone-100"
              >
                Sort
              </button>
            </noscript>
          </div>
          <button
            type="submit"
            className="rounded-full bg-ink px-4 py-2 text-sm font-medium text-white hover:bg-stone-800"
          >
            Search
          </button>
        </Form>
      </div>

      <ListingFilters query={query} facets={facets} />

      {items.length === 0 ? (
        <div className={`py-24 text-center ${dimmed}`} aria-busy={busy}>
          <p className="text-lg text-stone-700">
            {isFiltered(query) ? "No products match your search." : productsTexts.empty}
          </p>
          {isFiltered(query) && (
            <>
              <RelaxFilters query={query} colorLabel={facets.colors.find((c) => c.value === query.color)?.label} />
              <Link to="/" className="mt-4 inline-block text-sm font-medium underline">
                Clear filters
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          {/* The cards' titles are h3: this keeps the outline whole (h1, then h2, then h3).
              The first row loads at once; only the first picture (the largest paint) asks for high
              priority, so it does not share the bandwidth with three others (docs/performance.md). */}
          <h2 className="sr-only">Products</h2>
          <ul
            className={`mt-8 grid grid-cols-2 gap-x-4 gap-y-10 md:grid-cols-3 lg:grid-cols-4 ${dimmed}`}
            aria-label="Products"
            aria-busy={busy}
          >
            {items.map((product, index) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  priority={index === 0 ? true : index < 4 ? "eager" : false}
                  id={`item-${index + 1}`}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {hasMore && (
        <div className="mt-12 flex flex-col items-center gap-2">
          <p className="text-sm text-stone-600">
            Showing {items.length} of {total}
          </p>
          <Link
            to={`${listingSearch({ ...query, limit: nextLimit })}#item-${query.limit + 1}`}
            preventScrollReset
            onClick={(event) => {
              // With JavaScript the page stays where it is; without it, the link's anchor brings the shopper back to the new items.
              event.preventDefault();
              navigate(listingSearch({ ...query, limit: nextLimit }), { preventScrollReset: true });
            }}
            className="rounded-full border border-ink px-8 py-3 text-sm font-medium transition-colors hover:bg-ink hover:text-white aria-disabled:opacity-60"
            aria-disabled={loadingMore}
          >
            {loadingMore ? "Loading…" : "Load more"}
          </Link>
        </div>
      )}
    </div>
  );
}

function CategoryChip({ label, count, to, active }: { label: string; count: number; to: string; active: boolean }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={`relative inline-block rounded-full border px-4 py-2 text-sm transition-colors ${
        active ? "border-ink bg-ink text-white" : "border-stone-300 text-stone-700 hover:border-ink"
      }`}
    >
      {label}{" "}
      <span className={active ? "text-stone-300" : "text-stone-500"}>
        <span className="sr-only">, </span>
        {count}
        <span className="sr-only">{count === 1 ? " product" : " products"}</span>
      </span>
    </Link>
  );
}
