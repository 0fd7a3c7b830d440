import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_IMAGES_PER_PRODUCT } from "../../domain/catalog";
import { MAX_IMAGE_BYTES } from "../../domain/product-schemas";

/** Five full-size images plus the form's text fields; anything bigger is refused before it is read. */
export const ADMIN_BODY_LIMIT = MAX_IMAGES_PER_PRODUCT * MAX_IMAGE_BYTES + 1024 * 1024;

const ADMIN_PATH = /^\/admin(?:$|[/.])/;

/**
 * Limits request bodies on the admin pages (their actions take multipart uploads), including
 * React Router's data requests such as /admin.data and /admin/add-product.data.
 */
export function adminBodyLimit(maxSize = ADMIN_BODY_LIMIT): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize,
    onError: (c) => c.text("The upload is too large: at most 5 images of 10 MB each.", 413),
  });
  return (c, next) => (ADMIN_PATH.test(c.req.path) ? limit(c, next) : next());
}
