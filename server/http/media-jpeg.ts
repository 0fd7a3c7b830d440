import { readFile } from "node:fs/promises";
import type { MiddlewareHandler } from "hono";
import { JPEG_PICTURE } from "../../domain/images";
import { loadSharp } from "../catalog/sharp";
import { resolveKey } from "../storage/local";

/**
 * `/media/{key}-{width}.jpg`: a stored WebP variant as JPEG, for the payment providers. Stripe
 * documents images as URLs and names JPEG, PNG and GIF as the picture formats it takes; WebP it
 * does not name (docs/decisions/048-contract-tests-against-provider-documents.md). Made from the
 * variant on request, so every picture stored so far has one; Stripe fetches it once and keeps it.
 */
export function jpegPictures(mediaRoot: string, cacheControl: string): MiddlewareHandler {
  return async (c, next) => {
    const match = JPEG_PICTURE.exec(c.req.path);
    if (!match) return next();
    const file = resolveKey(mediaRoot, `${match[1]}-${match[2]}.webp`);
    const input = file ? await readFile(file).catch(() => null) : null;
    if (!input) return c.text("Not found", 404);
    const jpeg = await loadSharp()(input).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
    return c.body(new Uint8Array(jpeg), 200, { "Content-Type": "image/jpeg", "Cache-Control": cacheControl });
  };
}
