import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** A review of 2000 characters, form-encoded at worst 12 bytes per character, plus the other fields. */
export const REVIEW_BODY_LIMIT = 32 * 1024;

const PRODUCT_PATH = /^\/product\//;

/**
 * Limits request bodies posted to product pages (their action takes reviews), including React
 * Router's data requests such as /product/{id}.data, so a huge form is refused before it is read.
 */
export function reviewBodyLimit(maxSize = REVIEW_BODY_LIMIT): MiddlewareHandler {
  const limit = bodyLimit({ maxSize, onError: (c) => c.text("The review is too long to send.", 413) });
  return (c, next) => (c.req.method !== "GET" && c.req.method !== "HEAD" && PRODUCT_PATH.test(c.req.path) ? limit(c, next) : next());
}
