/** Image gallery rules of the product page (docs/product.md §2 and §9): wrap-around paging and swipes. */

/** docs/product.md §9: a horizontal movement shorter than this is a tap or a wobble, not a swipe. */
export const SWIPE_THRESHOLD_PX = 40;

export type GalleryDirection = "previous" | "next";

/**
 * The image shown after moving one step. Both ends wrap around, so "next" on the last image
 * shows the first. A gallery with no images stays at 0; an out-of-range current index (say,
 * after the images changed) is brought back into range first.
 */
export function nextIndex(current: number, count: number, direction: GalleryDirection): number {
  if (!Number.isInteger(count) || count <= 0) return 0;
  const start = clampIndex(current, count);
  const step = direction === "next" ? 1 : -1;
  return (start + step + count) % count;
}

/** An index guaranteed to point at an image (0 for an empty gallery). */
export function clampIndex(index: number, count: number): number {
  if (!Number.isInteger(count) || count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), count - 1);
}

/**
 * What a finger (or a dragged mouse) asked for. A swipe to the left brings the next image,
 * as on a printed page. Movement that is mostly vertical is the shopper scrolling the page and
 * never changes the image.
 */
export function swipeDirection(
  deltaX: number,
  deltaY: number,
  threshold: number = SWIPE_THRESHOLD_PX,
): GalleryDirection | null {
  if (!Number.isFinite(deltaX) || !Number.isFinite(deltaY)) return null;
  if (Math.abs(deltaX) <= threshold || Math.abs(deltaX) <= Math.abs(deltaY)) return null;
  return deltaX < 0 ? "next" : "previous";
}

/** The gallery's answer to a key press while it has focus, or null for keys it leaves alone. */
export function keyDirection(key: string): GalleryDirection | null {
  if (key === "ArrowRight") return "next";
  if (key === "ArrowLeft") return "previous";
  return null;
}
