/**
 * Where toasts stand (docs/product.md §11): top-right, just under the sticky header, and never
 * over the page's main heading. When the page's h1 is in the band a toast takes under the header
 * (as on the product page, whose title sits at the top of the right-hand column, or a phone's
 * full-width toasts over any page's title), the toasts start just under that heading instead.
 */

export interface Edges {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The toaster's sizes, as app/root.tsx gives them to the library. */
export const TOAST_LAYOUT = {
  /** Space between the header (or the heading) and the toast. */
  gap: 12,
  /** The library's toast width above its phone breakpoint, and its right offset there. */
  width: 356,
  right: 24,
  /** At and below this viewport width the library spans the toasts across the screen… */
  phoneBreakpoint: 600,
  /** …less this on each side. */
  phoneSide: 12,
  /** The height kept clear for a toast: one or two lines of text with the close button. */
  band: 80,
} as const;

/** The horizontal span the toasts take in a viewport of this width. */
export function toastColumn(viewportWidth: number): { left: number; right: number } {
  const { width, right, phoneBreakpoint, phoneSide } = TOAST_LAYOUT;
  if (viewportWidth <= phoneBreakpoint) return { left: phoneSide, right: viewportWidth - phoneSide };
  return { left: viewportWidth - right - width, right: viewportWidth - right };
}

/**
 * The toaster's top offset in px: `gap` under the header's bottom edge, or `gap` under the
 * heading's text when the heading would otherwise be under a toast (it overlaps the toasts'
 * column and the band below the header). `heading` is the box of the heading's text (not of its
 * block, which spans the whole column), null when there is none; a heading scrolled up under the
 * header or below the band changes nothing.
 */
export function toastTop(input: { headerBottom: number; heading: Edges | null; viewportWidth: number }): number {
  const { gap, band } = TOAST_LAYOUT;
  const top = Math.max(0, Math.round(input.headerBottom)) + gap;
  const heading = input.heading;
  if (!heading || heading.bottom <= heading.top) return top;
  const column = toastColumn(input.viewportWidth);
  const acrossColumn = heading.left < column.right && heading.right > column.left;
  const inBand = heading.bottom > top && heading.top < top + band;
  return acrossColumn && inBand ? Math.ceil(heading.bottom) + gap : top;
}
