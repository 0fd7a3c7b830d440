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
 * The address is public, so a picture is converted once per process: the last `keep` JPEGs are
 * kept in memory and requests for a picture being converted wait for that one conversion, so
 * asking for the same picture again and again costs no more conversions.
 */
export function jpegPictures(mediaRoot: string, cacheControl: string, keep = 200): MiddlewareHandler {
  /** The last `keep` JPEGs made, least recently asked first. */
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  /** Conversions under way: a second request for the picture waits for the first. */
  const converting = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();

  async function convert(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const file = resolveKey(mediaRoot, `${key}.webp`);
    const input = file ? await readFile(file).catch(() => null) : null;
    if (!input) return null;
    const jpeg = await loadSharp()(input).flatten({ background: "#ffffff" }).jpeg({ quality: 85 }).toBuffer();
    return new Uint8Array(jpeg);
  }

  function jpegOf(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return Promise.resolve(hit);
    }
    let pending = converting.get(key);
    if (!pending) {
      pending = convert(key)
        .catch(() => null)
        .then((jpeg) => {
          converting.delete(key);
          // A missing picture is not remembered: it may be uploaded later.
          if (jpeg) kept.set(key, jpeg);
          if (kept.size > keep) kept.delete(kept.keys().next().value as string);
          return jpeg;
        });
      converting.set(key, pending);
    }
    return pending;
  }

  return async (c, next) => {
    const match = JPEG_PICTURE.exec(c.req.path);
    if (!match) return next();
    const jpeg = await jpegOf(`${match[1]}-${match[2]}`);
    if (!jpeg) return c.text("Not found", 404);
    return c.body(jpeg, 200, { "Content-Type": "image/jpeg", "Cache-Control": cacheControl });
  };
}

/**
 * `Cross-Origin-Resource-Policy: cross-origin` on the JPEG pictures: a mail client draws an
 * e-mail in a page of its own origin (or none), and the security headers' `same-origin` would
 * keep the picture out (decision 056). Registered before the security headers, so it runs
 * after them. The pictures are public: any visitor may load them anyway.
 */
export function crossOriginPictures(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (JPEG_PICTURE.test(c.req.path) && c.res.status === 200)
      c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
