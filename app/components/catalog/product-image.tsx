import type { Ref } from "react";
import { IMAGE_WIDTHS, imageHeightFor, PLACEHOLDER_IMAGE, srcSet, variantUrl } from "../../../domain/images";

interface ProductImageProps {
  address: string | undefined;
  alt: string;
  /** The CSS width the image occupies, for the browser to pick a variant. */
  sizes: string;
  /**
   * Above the fold: load at once (`true`: with high priority, for the page's largest picture;
   * "eager": at once, at the browser's own priority). Elsewhere: lazy.
   */
  priority?: boolean | "eager";
  className?: string;
  imgRef?: Ref<HTMLImageElement>;
}

const DISPLAY_WIDTH = IMAGE_WIDTHS[1];

/** A product photo in the store's 4:5 frame, with explicit dimensions so nothing shifts while it loads. */
export function ProductImage({ address, alt, sizes, priority = false, className, imgRef }: ProductImageProps) {
  const common = {
    ref: imgRef,
    width: DISPLAY_WIDTH,
    height: imageHeightFor(DISPLAY_WIDTH),
    className,
    decoding: "async" as const,
    loading: priority ? ("eager" as const) : ("lazy" as const),
    fetchPriority: priority === true ? ("high" as const) : ("auto" as const),
  };
  if (!address) return <img {...common} alt={alt} src={PLACEHOLDER_IMAGE} />;
  return <img {...common} alt={alt} src={variantUrl(address, DISPLAY_WIDTH)} srcSet={srcSet(address)} sizes={sizes} />;
}
