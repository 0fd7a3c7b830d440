import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_IMAGES_PER_PRODUCT } from "../../domain/catalog";
import { MAX_IMAGE_BYTES } from "../../domain/product-schemas";

/** Every form and JSON body of the store fits in this; only uploads need more. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Five full-size images plus the product form's text fields. */
export const ADMIN_UPLOAD_LIMIT = MAX_IMAGES_PER_PRODUCT * MAX_IMAGE_BYTES + 1024 * 1024;
/** A review of 2000 characters, form-encoded at worst 12 bytes per character, plus the other fields. */
export const REVIEW_BODY_LIMIT = 32 * 1024;
/** Stripe's events carry the whole Checkout Session: generous, but bounded. */
export const STRIPE_WEBHOOK_LIMIT = 512 * 1024;

export interface BodyLimitRule {
  name: string;
  /** Matched against the normalised path (lower case, single slashes, no trailing slash). */
  pattern: RegExp;
  /** Only requests of this method (upper case); any method when unset. */
  method?: string;
  maxSize: number;
  message: string;
  /**
   * Count the body as the handler reads it instead of reading it first. For large limits: a
   * body without a declared length is then never held here, and a handler that refuses
   * before reading (the upload pages check the administrator first) reads none of it.
   */
  streamed?: boolean;
}

const TOO_LARGE = "The request is too large.";

/**
 * The first matching rule sets the limit. React Router matches paths case-insensitively and
 * serves each page's data at `{path}.data`, so the patterns are written for the normalised
 * path and allow the `.data` suffix: `/PRODUCT/x.data` is `/product/x`.
 */
export const BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
  {
    name: "product upload",
    pattern: /^\/admin\/(?:add-product|edit-product\/[^/]+)(?:\.data)?$/,
    maxSize: ADMIN_UPLOAD_LIMIT,
    message: "The upload is too large: at most 5 images of 10 MB each.",
    streamed: true,
  },
  {
    // tus PATCH requests (decision 057): one picture's bytes at most; the upload's declared size caps it further.
    name: "resumable upload chunk",
    pattern: /^\/api\/uploads\/[^/]+$/,
    method: "PATCH",
    maxSize: MAX_IMAGE_BYTES,
    message: TOO_LARGE,
    streamed: true,
  },
  { name: "Stripe webhook", pattern: /^\/api\/stripe-webhook$/, maxSize: STRIPE_WEBHOOK_LIMIT, message: TOO_LARGE },
  {
    name: "review",
    pattern: /^\/product\/[^/]+(?:\.data)?$/,
    maxSize: REVIEW_BODY_LIMIT,
    message: "The review is too long to send.",
  },
];

const DEFAULT_RULE: BodyLimitRule = { name: "default", pattern: /^/, maxSize: DEFAULT_BODY_LIMIT, message: TOO_LARGE };

/** The path as routing sees it, whatever its case, doubled slashes or trailing slash. */
export function normalisePath(path: string): string {
  const single = path.toLowerCase().replace(/\/{2,}/g, "/");
  return single.length > 1 ? single.replace(/\/+$/, "") : single;
}

export function bodyLimitFor(
  path: string,
  rules: readonly BodyLimitRule[] = BODY_LIMIT_RULES,
  method = "POST",
): BodyLimitRule {
  const normalised = normalisePath(path);
  const verb = method.toUpperCase();
  return rules.find((rule) => rule.pattern.test(normalised) && (!rule.method || rule.method === verb)) ?? DEFAULT_RULE;
}

function tooLarge(c: Context, rule: BodyLimitRule): Response {
  return normalisePath(c.req.path).startsWith("/api/")
    ? c.json({ message: "Request body too large" }, 413)
    : c.text(rule.message, 413);
}

/** The body passes through as the handler reads it; past the limit the stream fails and the answer is 413. */
function streamedLimit(rule: BodyLimitRule): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = raw.headers.get("content-length");
    if (declared !== null && !raw.headers.has("transfer-encoding"))
      return Number(declared) > rule.maxSize ? tooLarge(c, rule) : next();
    let seen = 0;
    let exceeded = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > rule.maxSize) {
            exceeded = true;
            controller.error(new Error("request body over its limit"));
          } else {
            controller.enqueue(chunk);
          }
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    if (exceeded) {
      // The handler saw a broken body and answered for it; the true reason is the size.
      await c.res.body?.cancel().catch(() => {});
      c.res = tooLarge(c, rule);
    }
  };
}

/**
 * One body limit for every route: the default unless a rule above gives the path its own.
 * A declared Content-Length over the limit is answered 413 before a byte is read. A body
 * without one is read only up to the limit (hono/body-limit, which holds at most that much),
 * or, for streamed rules, counted while the handler reads it; memory stays flat either way.
 * Endpoints may still set tighter limits of their own (the cart's 32 KB).
 */
export function bodyLimits(rules: readonly BodyLimitRule[] = BODY_LIMIT_RULES): MiddlewareHandler {
  const limiters = new Map<BodyLimitRule, MiddlewareHandler>();
  const limiterFor = (rule: BodyLimitRule) => {
    let limiter = limiters.get(rule);
    if (!limiter) {
      limiter = rule.streamed
        ? streamedLimit(rule)
        : bodyLimit({ maxSize: rule.maxSize, onError: (c) => tooLarge(c, rule) });
      limiters.set(rule, limiter);
    }
    return limiter;
  };
  return (c, next) => limiterFor(bodyLimitFor(c.req.path, rules, c.req.method))(c, next);
}
