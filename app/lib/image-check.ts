import { IMAGE_SNIFF_BYTES, sniffImageKind } from "../../domain/image-sniff";
import { imageMessages, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../domain/product-schemas";

/**
 * The product form's check of a picked file, by its content as the server checks it
 * (server/catalog/upload.ts): size, then the first bytes (PNG, JPEG or WebP, whatever the
 * name or declared type says), then a decode, so a text file named .png or a truncated photo
 * is refused with a message naming it instead of showing a broken preview. The server still
 * checks every file it receives.
 */
export async function imageFileProblem(file: File): Promise<string | undefined> {
  if (file.size > MAX_IMAGE_BYTES) return imageMessages.tooBig(file.name);
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  if (!sniffImageKind(head)) return imageMessages.notAnImage(file.name);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return imageMessages.unreadable(file.name);
  }
  const pixels = bitmap.width * bitmap.height;
  bitmap.close();
  return pixels > MAX_IMAGE_PIXELS ? imageMessages.tooManyPixels(file.name) : undefined;
}
