import { MagnifierIcon } from "~/components/ui/icons";
import { type KeyboardEvent, lazy, Suspense, useState } from "react";
import { clampIndex, type GalleryDirection, keyDirection, nextIndex } from "../../../domain/gallery";
import { useSwipe } from "~/lib/use-swipe";
import { ProductImage } from "./product-image";

// The full-screen view is loaded the first time it is opened, then kept (its dialog opens and closes).
const ProductZoom = lazy(() => import("./product-zoom").then((module) => ({ default: module.ProductZoom })));

interface ProductGalleryProps {
  title: string;
  images: readonly string[];
  /** The image shown; the page owns it, so picking a colour can show that colour's picture. */
  selected: number;
  onSelect: (index: number) => void;
}

const MAIN_SIZES = "(min-width: 1280px) 560px, (min-width: 1024px) 44vw, 100vw";

/**
 * The product's photos: one large image with previous and next arrows, a row (phone) or column
 * (desktop) of thumbnails, swipes on the large image and the left and right keys while focus is
 * inside the gallery. Both ends wrap around. A tap on the large image (or its zoom button)
 * opens it full screen. A product without photos shows the placeholder.
 */
export function ProductGallery({ title, images, selected, onSelect }: ProductGalleryProps) {
  const count = images.length;
  const current = clampIndex(selected, count);
  const [zoomed, setZoomedState] = useState(false);
  const [zoomLoaded, setZoomLoaded] = useState(false);
  const setZoomed = (open: boolean) => {
    if (open) setZoomLoaded(true);
    setZoomedState(open);
  };
  const several = count > 1;

  const go = (direction: GalleryDirection) => onSelect(nextIndex(current, count, direction));

  function onKeyDown(event: KeyboardEvent) {
    const direction = several ? keyDirection(event.key) : null;
    if (!direction) return;
    event.preventDefault();
    go(direction);
  }

  const swipe = useSwipe({
    enabled: count > 0,
    swipes: several,
    onSwipe: go,
    // A tap on the photo itself (not on an arrow) opens it full screen.
    onTap: (event) => {
      if (event.target instanceof HTMLImageElement) setZoomed(true);
    },
  });

  const mainAlt =
    count === 0 ? `${title}: no photo yet` : several ? `${title}, image ${current + 1} of ${count}` : title;

  return (
    <section
      aria-label={`${title} photos`}
      aria-roledescription="gallery"
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 lg:flex-row-reverse lg:items-start lg:gap-4"
    >
      <div
        role="group"
        aria-label="Current image"
        className="relative flex-1 touch-pan-y select-none overflow-hidden rounded-2xl bg-brand-100"
        {...swipe}
      >
        <ProductImage
          address={images[current]}
          alt={mainAlt}
          sizes={MAIN_SIZES}
          priority
          className={`aspect-[4/5] h-auto w-full object-cover ${count > 0 ? "cursor-zoom-in" : ""}`}
        />
        {count > 0 && (
          <button
            type="button"
            aria-label={several ? `Zoom image ${current + 1} of ${count}` : "Zoom image"}
            aria-haspopup="dialog"
            onClick={() => setZoomed(true)}
            className="absolute right-3 top-3 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white focus-visible:bg-white"
          >
            <MagnifierIcon />
          </button>
        )}
        {several && (
          <>
            <ArrowButton direction="previous" onClick={() => go("previous")} />
            <ArrowButton direction="next" onClick={() => go("next")} />
            <p
              aria-hidden="true"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-xs font-medium tabular-nums text-ink shadow-sm"
            >
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>

      {several && (
        <>
          <p className="sr-only" aria-live="polite">
            Image {current + 1} of {count}
          </p>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:w-20 lg:flex-col lg:overflow-visible lg:pb-0">
            {images.map((address, index) => {
              const active = index === current;
              return (
                <li key={`${address}-${index}`} className="shrink-0">
                  <button
                    type="button"
                    aria-label={`Show image ${index + 1} of ${count}`}
                    aria-current={active ? "true" : undefined}
                    onClick={() => onSelect(index)}
                    className={`block w-16 overflow-hidden rounded-lg border-2 bg-brand-100 transition sm:w-20 ${
                      active ? "border-ink" : "border-transparent opacity-70 hover:opacity-100"
                    }`}
                  >
                    <ProductImage
                      address={address}
                      alt=""
                      sizes="80px"
                      className="aspect-[4/5] h-auto w-full object-cover"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {count > 0 && zoomLoaded && (
        <Suspense fallback={null}>
          <ProductZoom
            title={title}
            images={images}
            index={current}
            open={zoomed}
            onMove={go}
            onSelect={onSelect}
            onClose={() => setZoomed(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

function ArrowButton({ direction, onClick }: { direction: GalleryDirection; onClick: () => void }) {
  const previous = direction === "previous";
  return (
    <button
      type="button"
      aria-label={previous ? "Previous image" : "Next image"}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${previous ? "left-3" : "right-3"} flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white focus-visible:bg-white`}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path
          d={previous ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
