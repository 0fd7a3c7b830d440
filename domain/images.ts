/**
 * Every product image is stored as WebP variants at fixed widths with a 4:5 portrait ratio,
 * so a grid of cards never shifts while images load. An image "address" (Product.imageUrls)
 * is the common prefix of its variants.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export const IMAGE_RATIO = { width: 4, height: 5 } as const;
export const PLACEHOLDER_IMAGE = "/placeholder-product.svg";

export function imageHeightFor(width: number): number {
  return Math.round((width * IMAGE_RATIO.height) / IMAGE_RATIO.width);
}

export function variantUrl(address: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `${address}-${width}.webp`;
}

export function srcSet(address: string): string {
  return IMAGE_WIDTHS.map((w) => `${variantUrl(address, w)} ${w}w`).join(", ");
}
