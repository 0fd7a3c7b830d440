import { useState } from "react";
import { data, Link } from "react-router";
import { categorySlug, stockLabel } from "../../domain/catalog";
import { colorImageIndex } from "../../domain/color-images";
import { isErrorOfKind } from "../../domain/errors";
import { IMAGE_WIDTHS, imageHeightFor, PLACEHOLDER_IMAGE, variantUrl } from "../../domain/images";
import { CURRENCY, centsToDecimalString, formatMoney } from "../../domain/money";
import { reviewTexts } from "../../domain/shop-messages";
import { formatAverageRating, reviewCountLabel } from "../../domain/rating";
import type { ProductDetail, ReviewItem } from "../../domain/views";
import { ProductGallery } from "~/components/catalog/product-gallery";
import { ProductPurchase } from "~/components/catalog/product-purchase";
import { SizeFit, SizeGuideNoScript } from "~/components/catalog/size-fit";
import { fitSummary } from "../../domain/fit";
import { showsSizeGuide } from "../../domain/size-guide";
import { OwnReview } from "~/components/reviews/own-review";
import { ReviewList } from "~/components/reviews/review-list";
import { Stars } from "~/components/reviews/stars";
import { useLiveRevalidate } from "~/lib/live";
import { reviewAction } from "~/lib/review-action.server";
import { RETURN_WINDOW_DAYS } from "../../domain/return-window";
import { addToCartAction, type CartActionRefusal, pendingAddRedirect } from "~/lib/cart-action.server";
import { isSecureUrl } from "~/lib/flash";
import { NoScriptAddToCart } from "~/components/catalog/no-script-add-to-cart";
import { pageMeta, STORE_NAME } from "~/lib/store";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/product";

/** docs/product.md §6: a permission error on reading reviews shows an empty list rather than failing the page. */
async function readReviews(list: () => Promise<ReviewItem[]>): Promise<ReviewItem[]> {
  try {
    return await list();
  } catch (error) {
    if (isErrorOfKind(error, "forbidden")) return [];
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await context.services.auth.viewer(request);
  // A visitor's "Add to cart" carried through the login: added once, then the same page without it.
  if (viewer) {
    const secure = isSecureUrl(context.config.publicUrl);
    const onward = await pendingAddRedirect(request, params.id, viewer.id, context.services, secure);
    if (onward) throw onward;
  }
  // A malformed id is answered by all three as "nothing": getProduct returns undefined, the reviews [] and null.
  const [product, reviews, myReview, fitCounts, stockAlertsWaiting] = await Promise.all([
    context.services.catalog.getProduct(params.id),
    readReviews(() => context.services.reviews.list(params.id, viewer?.id ?? null)),
    viewer ? context.services.reviews.mine(params.id, viewer.id) : null,
    context.services.reviews.fitCounts(params.id),
    // The sizes and colours this shopper waits for ("Notify me", app/components/catalog/notify-me.tsx).
    viewer ? context.services.stockAlerts.waitingFor(viewer.id, params.id) : [],
  ]);
  if (!product) throw data("Product not found", { status: 404 });
  // The size guide and the fit answers' summary (decision 060); the guide only for a product with sizes.
  const guide = await context.services.sizeGuides.forCategory(product.category);
  const sizeGuide = showsSizeGuide(guide, product.sizes) ? guide : null;
  return {
    product,
    reviews,
    myReview,
    sizeGuide,
    fit: fitSummary(fitCounts),
    stockAlertsWaiting,
    publicUrl: context.config.publicUrl,
  };
}

/** The page's forms: "Add to cart" without JavaScript (intent add-to-cart), and the reviews' intents. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (form?.get("intent") === "add-to-cart") {
    return addToCartAction(request, form, params.id, context.services, isSecureUrl(context.config.publicUrl));
  }
  return reviewAction(request, params.id, context.services);
}

/** Passes on what the action answered with (Retry-After when posting too often). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

const SHARE_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** Absolute address of the largest variant: link previews and search engines need full URLs. */
function shareImage(publicUrl: string, address: string | undefined): string {
  return new URL(address ? variantUrl(address, SHARE_WIDTH) : PLACEHOLDER_IMAGE, `${publicUrl}/`).toString();
}

/** The description cut at a word boundary, for meta tags that search engines truncate anyway. */
function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trimEnd()}…`;
}

/**
 * schema.org Product data for search results. React Router writes it with `<`, `>` and `&`
 * escaped, so a product title such as "</script>" cannot end the script element.
 */
function productJsonLd(product: ProductDetail, publicUrl: string) {
  const url = `${publicUrl}/product/${product.id}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    image: product.imageUrls.length
      ? product.imageUrls.map((a) => shareImage(publicUrl, a))
      : [shareImage(publicUrl, undefined)],
    sku: product.id,
    category: product.category,
    url,
    offers: {
      "@type": "Offer",
      url,
      price: centsToDecimalString(product.priceCents),
      priceCurrency: CURRENCY,
      availability: product.stockCount > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(product.reviewCount > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: formatAverageRating(product.ratingAverage),
        reviewCount: product.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta("Product not found");
  const { product, publicUrl } = data;
  const url = `${publicUrl}/product/${product.id}`;
  const description = summary(product.description) || `${product.title}, ${product.category}, at ${STORE_NAME}.`;
  return [
    ...pageMeta(product.title, description),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: STORE_NAME },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: shareImage(publicUrl, product.imageUrls[0]) },
    ...(product.imageUrls.length
      ? [
          { property: "og:image:width", content: String(SHARE_WIDTH) },
          { property: "og:image:height", content: String(imageHeightFor(SHARE_WIDTH)) },
        ]
      : []),
    { property: "og:image:alt", content: product.title },
    { property: "product:price:amount", content: centsToDecimalString(product.priceCents) },
    { property: "product:price:currency", content: CURRENCY },
    { name: "twitter:card", content: "summary_large_image" },
    { "script:ld+json": productJsonLd(product, publicUrl) },
  ];
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews, myReview, sizeGuide, fit } = loaderData;
  const cartRefusal =
    actionData && "intent" in actionData && actionData.intent === "add-to-cart"
      ? (actionData as CartActionRefusal)
      : null;
  const user = useRootData()?.user ?? null;
  const inStock = product.stockCount > 0;
  // Edits, deletion and reviews of this product, by anyone, show here without a reload.
  useLiveRevalidate((event) => "productId" in event && event.productId === product.id);
  // The photo on show, per product: another product's page starts at its first photo.
  const [shown, setShown] = useState({ productId: product.id, index: 0 });
  const imageIndex = shown.productId === product.id ? shown.index : 0;
  const showImage = (index: number) => setShown({ productId: product.id, index });

  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6">
      <nav aria-label="Breadcrumb" className="py-4 text-sm text-stone-500">
        <ol className="flex min-w-0 items-center gap-2">
          <li>
            <Link to="/" className="hover:text-ink hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link
              to={`/?category=${categorySlug(product.category)}`}
              className="whitespace-nowrap hover:text-ink hover:underline"
            >
              {product.category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate text-stone-700">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,11fr)_minmax(0,9fr)] lg:gap-12">
        <ProductGallery
          key={product.id}
          title={product.title}
          images={product.imageUrls}
          selected={imageIndex}
          onSelect={showImage}
        />

        <div className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-600">{product.category}</p>
          <h1 className="mt-2 font-display text-3xl leading-tight sm:text-4xl">{product.title}</h1>
          <p className="mt-4 text-2xl font-semibold">{formatMoney(product.priceCents)}</p>

          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {product.reviewCount > 0 ? (
              <a href="#reviews" className="flex items-center gap-2 text-stone-700 hover:text-ink">
                <Stars value={product.ratingAverage} />
                <span className="font-medium">{formatAverageRating(product.ratingAverage)}</span>
                <span className="sr-only">out of 5,</span>
                <span className="text-stone-600 underline-offset-2 hover:underline">
                  ({reviewCountLabel(product.reviewCount)})
                </span>
              </a>
            ) : (
              <a href="#reviews" className="text-stone-700 underline-offset-2 hover:text-ink hover:underline">
                {reviewTexts.empty}
              </a>
            )}
            <p className={`flex items-center gap-2 font-medium ${inStock ? "text-emerald-700" : "text-red-700"}`}>
              <span
                aria-hidden="true"
                className={`h-2 w-2 rounded-full ${inStock ? "bg-emerald-600" : "bg-red-600"}`}
              />
              {stockLabel(product.stockCount)}
            </p>
          </div>

          {product.description && (
            <p className="mt-6 whitespace-pre-line leading-relaxed text-stone-700">{product.description}</p>
          )}

          <div className="mt-8 border-t border-stone-200 pt-6">
            <SizeFit guide={sizeGuide} fit={fit} />
            <ProductPurchase
              key={product.id}
              product={product}
              onColorChange={(color) => {
                // Picking a colour that has its own picture shows it.
                const index = colorImageIndex(product, color);
                if (index >= 0) showImage(index);
              }}
            />
            <NoScriptAddToCart product={product} error={cartRefusal?.error ?? null} />
            <SizeGuideNoScript guide={sizeGuide} />
          </div>

          <ul className="mt-6 space-y-1 text-sm text-stone-600">
            <li>Free returns within {RETURN_WINDOW_DAYS} days on unworn items.</li>
            <li>Secure checkout. Prices in USD.</li>
          </ul>
        </div>
      </div>

      <section
        id="reviews"
        aria-labelledby="reviews-heading"
        className="mt-16 scroll-mt-24 border-t border-stone-200 pt-10"
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="reviews-heading" className="font-display text-2xl sm:text-3xl">
                Reviews
              </h2>
              {product.reviewCount > 0 && (
                <p className="flex items-center gap-2 text-sm text-stone-600">
                  <Stars value={product.ratingAverage} size="sm" />
                  <span>
                    {formatAverageRating(product.ratingAverage)} out of 5 · {reviewCountLabel(product.reviewCount)}
                  </span>
                </p>
              )}
            </div>
            <div className="mt-6">
              <OwnReview signedIn={user !== null} review={myReview} />
            </div>
          </div>
          <div className="lg:pt-2">
            {product.reviewCount > reviews.length && (
              <p className="mb-4 text-sm text-stone-600">
                Showing the {reviews.length} newest of {reviewCountLabel(product.reviewCount)}.
              </p>
            )}
            <ReviewList
              // The shopper's own review is shown once, beside the form, with its Edit and Delete.
              reviews={myReview ? reviews.filter((review) => review.id !== myReview.id) : reviews}
              canDelete={user?.isAdmin === true}
              emptyText={myReview ? "No other reviews yet." : undefined}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
