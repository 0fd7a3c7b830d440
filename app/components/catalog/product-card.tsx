import { Link } from "react-router";
import { stockLabel } from "../../../domain/catalog";
import { formatMoney } from "../../../domain/money";
import { formatAverageRating } from "../../../domain/rating";
import { useRootData } from "~/lib/root-data";
import type { ProductSummary } from "../../../domain/views";
import { AddToCartButton } from "./add-to-cart-button";
import { ProductImage } from "./product-image";
import { Stars } from "~/components/reviews/stars";

interface ProductCardProps {
  product: ProductSummary;
  /** The picture's loading priority (app/components/catalog/product-image.tsx). */
  priority?: boolean | "eager";
  id?: string;
}

export function ProductCard({ product, priority, id }: ProductCardProps) {
  const outOfStock = product.stockCount <= 0;
  const isAdmin = useRootData()?.user?.isAdmin === true;
  return (
    <article id={id} className="group flex h-full flex-col" aria-labelledby={`title-${product.id}`}>
      <Link
        to={`/product/${product.id}`}
        prefetch="intent"
        className="relative block overflow-hidden rounded-xl bg-brand-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          address={product.imageUrls[0]}
          alt=""
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, calc(50vw - 24px)"
          priority={priority}
          className="aspect-[4/5] h-auto w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        {outOfStock && (
          <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-1 text-xs font-medium text-stone-700">
            {stockLabel(product.stockCount)}
          </span>
        )}
      </Link>
      <div className="mt-3 flex flex-1 flex-col">
        <p className="text-xs uppercase tracking-wide text-stone-500">{product.category}</p>
        <h3 id={`title-${product.id}`} className="mt-1 line-clamp-2 text-sm font-medium text-ink sm:text-base">
          <Link to={`/product/${product.id}`} prefetch="intent" className="hover:underline">
            {product.title}
          </Link>
        </h3>
        <div className="mt-1 flex items-center justify-between gap-2">
          <p className="font-semibold">{formatMoney(product.priceCents)}</p>
          {product.reviewCount > 0 && (
            <p className="flex items-center gap-1 text-xs text-stone-600">
              <Stars value={product.ratingAverage} size="sm" />
              <span>{formatAverageRating(product.ratingAverage)}</span>
              <span className="sr-only">out of 5, </span>({product.reviewCount})
            </p>
          )}
        </div>
        {/* mt-auto: however the titles wrap, the buttons of a row line up at the bottom. */}
        <div className="mt-auto grid grid-cols-[3fr_2fr] gap-2 pt-3">
          <AddToCartButton
            product={product}
            className="whitespace-nowrap rounded-full bg-ink px-1 py-2 text-center text-xs font-medium text-white transition-colors hover:bg-stone-800 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-700 sm:text-sm"
          />
          <Link
            to={`/product/${product.id}`}
            prefetch="intent"
            aria-label={`View ${product.title}`}
            className="whitespace-nowrap rounded-full border border-stone-300 px-1 py-2 text-center text-xs font-medium text-ink transition-colors hover:border-ink sm:text-sm"
          >
            View
          </Link>
        </div>
        {isAdmin && (
          <Link
            to={`/admin/edit-product/${product.id}`}
            aria-label={`Edit ${product.title}`}
            className="mt-2 rounded-full border border-dashed border-stone-400 py-1.5 text-center text-xs font-medium text-stone-700 transition-colors hover:border-ink hover:text-ink"
          >
            Edit
          </Link>
        )}
      </div>
    </article>
  );
}
