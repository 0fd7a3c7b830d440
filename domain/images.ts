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

/** `{address}-{width}.jpg`: the store's own media as JPEG, made from the WebP variant (server/http/media-jpeg.ts). */
export const JPEG_PICTURE = /^\/media\/(.+)-(320|640|960)\.jpg$/;

/**
 * The picture a payment provider's page shows for a line (decision 048): absolute, and in a format
 * Stripe names (JPEG). Pictures in the store's own media get the 640 px JPEG; pictures held
 * elsewhere (S3) have only their WebP variants, and get the 640 px one.
 */
export function providerPictureUrl(address: string, publicUrl: string): string | undefined {
  const own = address.startsWith("/media/");
  try {
    const url = new URL(own ? `${address}-640.jpg` : variantUrl(address, 640), `${publicUrl}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A line's picture in an e-mail: absolute, and JPEG, since many mail clients show no WebP. The
 * store's own media have the JPEG route (server/http/media-jpeg.ts, 320 px: twice the 64 px
 * the e-mail draws, for sharp screens); pictures held elsewhere (S3) have only WebP variants,
 * so the e-mail shows none rather than one that may not show.
 */
export function mailPictureUrl(address: string, publicUrl: string): string | undefined {
  if (!JPEG_PICTURE.test(`${address}-320.jpg`)) return undefined;
  try {
    const url = new URL(`${address}-320.jpg`, `${publicUrl}/`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
