/**
 * Recognises the three image formats the store accepts by their first bytes. The file name
 * and the browser's declared type are the uploader's words; these bytes are what an image
 * decoder will actually see, so they decide. SVG (scriptable XML), HTML and everything else
 * are refused here, before any decoder runs: on the server for every upload, and in the
 * product form as soon as a file is picked (IMAGE_SNIFF_BYTES is all it needs to read).
 */
export type ImageKind = "png" | "jpeg" | "webp";

export const IMAGE_SNIFF_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffImageKind(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  // RIFF container whose form type is WEBP; bytes 4-7 are the chunk size.
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return undefined;
}
