import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cartQuoteBodySchema, cartRequestErrorMessage } from "../../domain/cart-schemas";
import { messages } from "../../domain/messages";
import { InvalidRequestError } from "../errors";
import type { Services } from "../services";
import type { AppEnv } from "./request-context";

/** 50 lines of ids, sizes and colours fit in a few kilobytes; anything bigger is not a cart. */
export const CART_BODY_LIMIT = 32 * 1024;

/**
 * The cart's endpoint: POST /api/cart/quote prices the browser's cart from the database for a
 * signed-in shopper. It reads nothing but product, size, colour and quantity, and changes nothing.
 */
export function cartRoutes(services: Pick<Services, "auth" | "pricing">) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    await next();
    // A quote is one shopper's, and only true now.
    c.header("Cache-Control", "no-store");
  });
  app.use("*", bodyLimit({ maxSize: CART_BODY_LIMIT, onError: (c) => c.json({ message: "Request body too large" }, 413) }));

  app.post("/quote", async (c) => {
    const viewer = await services.auth.viewer(c.req.raw);
    if (!viewer) return c.json({ message: messages.cart.loginToView }, 401);

    if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
      return c.json({ message: "The request body must be JSON (Content-Type: application/json)" }, 415);
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: "The request body is not valid JSON" }, 400);
    }
    const parsed = cartQuoteBodySchema.safeParse(body);
    if (!parsed.success) return c.json({ message: cartRequestErrorMessage(parsed.error) }, 400);

    try {
      return c.json(await services.pricing.quote(parsed.data.lines));
    } catch (error) {
      if (error instanceof InvalidRequestError) return c.json({ message: error.message }, 400);
      throw error;
    }
  });

  return app;
}
