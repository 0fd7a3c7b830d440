/**
 * Pictures per colour: a product's colour may name one of the product's images. Picking the
 * colour shows that image, and a cart, checkout, order or e-mail line of that colour shows it
 * first. The server decides a line's images with lineImages(); the browser never does.
 */

export interface ColorWithImage {
  name: string;
  image?: string | null;
}

export interface ProductImages {
  imageUrls: readonly string[];
  colors: readonly ColorWithImage[];
}

/** The image of `colorName`, when the product has that colour and it names one of the product's images. */
export function colorImage(product: ProductImages, colorName: string | null | undefined): string | null {
  if (!colorName) return null;
  const image = product.colors.find((color) => color.name === colorName)?.image;
  return image && product.imageUrls.includes(image) ? image : null;
}

/** Where the colour's image sits in the gallery, or -1. */
export function colorImageIndex(product: ProductImages, colorName: string | null | undefined): number {
  const image = colorImage(product, colorName);
  return image ? product.imageUrls.indexOf(image) : -1;
}

/**
 * The images of a line in `colorName`: the product's images with the colour's own image
 * first, so everything that shows a line's first image shows the chosen colour.
 */
export function lineImages(product: ProductImages, colorName: string | null | undefined): string[] {
  const image = colorImage(product, colorName);
  if (!image) return [...product.imageUrls];
  return [image, ...product.imageUrls.filter((address) => address !== image)];
}

/**
 * The colours after the product's images changed: a colour whose image is no longer one of
 * them keeps its name and value and loses only the picture.
 */
export function keepKnownColorImages<C extends ColorWithImage>(
  colors: readonly C[],
  imageUrls: readonly string[],
): C[] {
  return colors.map((color) => {
    if (color.image === undefined || (color.image && imageUrls.includes(color.image))) return color;
    const { image: _gone, ...rest } = color;
    return rest as C;
  });
}
