import { loadSharp } from "./sharp";
import { IMAGE_WIDTHS, imageHeightFor } from "../../domain/images";
import type { ImageStorage } from "../storage/storage";

/** A file name reduced to a short, safe slug for storage keys. */
export function safeName(name: string): string {
  const base = name
    .replace(/\.[a-z0-9]+$/i, "")
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/_/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()
    .slice(0, 40);
  return base || "image";
}

/**
 * Decodes an image, crops it to the store's 4:5 portrait frame and writes one WebP per
 * width. Metadata (camera, GPS) is dropped because sharp writes none unless asked.
 * Returns the image's address: the prefix that domain/images variantUrl() completes.
 */
/** The stored variants of one picture: WebP at each of IMAGE_WIDTHS, cropped to the store's aspect. */
export async function imageVariants(input: Buffer): Promise<Map<(typeof IMAGE_WIDTHS)[number], Buffer>> {
  const variants = new Map<(typeof IMAGE_WIDTHS)[number], Buffer>();
  for (const width of IMAGE_WIDTHS) {
    const data = await loadSharp()(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, imageHeightFor(width), { fit: "cover", position: "attention" })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
    variants.set(width, data);
  }
  return variants;
}

/** Stores variants made by imageVariants under a new key; its address, or nothing left behind on failure. */
export async function storeImageVariants(
  storage: ImageStorage,
  variants: Map<(typeof IMAGE_WIDTHS)[number], Buffer>,
  originalName: string,
  now: number = Date.now(),
): Promise<string> {
  const random = Math.random().toString(36).slice(2, 8);
  const baseKey = `products/${now}_${random}_${safeName(originalName)}`;
  const written: string[] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const data = variants.get(width);
      if (!data) throw new Error(`missing the ${width} px variant of ${originalName}`);
      const key = `${baseKey}-${width}.webp`;
      await storage.put(key, data, "image/webp");
      written.push(key);
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key)));
    throw error;
  }
  return storage.url(baseKey);
}

export async function storeProductImage(
  storage: ImageStorage,
  input: Buffer,
  originalName: string,
  now: number = Date.now(),
): Promise<string> {
  return storeImageVariants(storage, await imageVariants(input), originalName, now);
}

/** Removes every variant of an image address that belongs to this storage. */
export async function deleteProductImage(storage: ImageStorage, address: string): Promise<void> {
  const baseKey = storage.keyOf(address);
  if (!baseKey) return;
  await Promise.all(IMAGE_WIDTHS.map((w) => storage.delete(`${baseKey}-${w}.webp`)));
}
