import type { Metadata } from "sharp";
import { loadSharp } from "./sharp";
import { imageMessages, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../domain/product-schemas";
import type { ImageStorage } from "../storage/storage";
import { deleteProductImage, storeProductImage } from "./images";
import { type ImageKind, sniffImageKind } from "../../domain/image-sniff";
import { InvalidInputError } from "../../domain/errors";

/** A file as it came in a multipart form: its name is a label, never a path or a type. */
export interface UploadedImage {
  name: string;
  bytes: Buffer;
}

/** An image file refused before anything was stored; the message names the file. */
export class ImageRejectedError extends InvalidInputError {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** Reads the files of a form field, refusing an oversized one before reading its bytes. */
export async function readUploadedImages(files: readonly File[]): Promise<UploadedImage[]> {
  const images: UploadedImage[] = [];
  for (const file of files) {
    // An empty file input still submits one nameless, empty part.
    if (file.size === 0 && !file.name) continue;
    if (file.size > MAX_IMAGE_BYTES) throw new ImageRejectedError(imageMessages.tooBig(file.name));
    images.push({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
  }
  return images;
}

/**
 * Checks one file by content: a PNG, JPEG or WebP signature, a header sharp can read that
 * agrees with the signature, and dimensions within the pixel budget. A decompression bomb
 * declares huge dimensions in a tiny file and is refused here, before anything decodes it.
 */
export async function checkImage(image: UploadedImage): Promise<ImageKind> {
  if (image.bytes.length > MAX_IMAGE_BYTES) throw new ImageRejectedError(imageMessages.tooBig(image.name));
  const kind = sniffImageKind(image.bytes);
  if (!kind) throw new ImageRejectedError(imageMessages.notAnImage(image.name));
  // Same strictness as storeProductImage's decoder ("warning"), so what passes here stores there.
  const sharp = loadSharp();
  const decoder = () => sharp(image.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" });
  let meta: Metadata;
  try {
    meta = await sharp(image.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(imageMessages.unreadable(image.name));
  }
  if (meta.format !== kind) throw new ImageRejectedError(imageMessages.notAnImage(image.name));
  const { width, height } = meta;
  if (!width || !height) throw new ImageRejectedError(imageMessages.unreadable(image.name));
  if (width * height > MAX_IMAGE_PIXELS) throw new ImageRejectedError(imageMessages.tooManyPixels(image.name));
  try {
    // A header can lie about what follows (truncated, corrupt data): decode once, small.
    await decoder().resize(64).toBuffer();
  } catch {
    throw new ImageRejectedError(imageMessages.unreadable(image.name));
  }
  return kind;
}

/**
 * Checks every file first, then decodes and re-encodes each (storeProductImage writes only
 * fresh WebP variants, so metadata and anything appended to a polyglot are left behind).
 * All or nothing: if one fails, the ones already written are removed again.
 */
export async function storeUploadedImages(storage: ImageStorage, images: readonly UploadedImage[]): Promise<string[]> {
  for (const image of images) await checkImage(image);
  const stored: string[] = [];
  try {
    for (const image of images) stored.push(await storeProductImage(storage, image.bytes, image.name));
  } catch (error) {
    await removeImages(storage, stored);
    throw error;
  }
  return stored;
}

/** Removes images, never failing the caller: a file that cannot be removed is only logged by the caller's logger. */
export async function removeImages(storage: ImageStorage, addresses: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  await Promise.all(
    addresses.map(async (address) => {
      try {
        await deleteProductImage(storage, address);
      } catch {
        failed.push(address);
      }
    }),
  );
  return failed;
}
