import { Hono } from "hono";
import { cartQuoteBodySchema, cartRequestErrorMessage, savedCartBodySchema } from "../../domain/cart-schemas";
import { messages } from "../../domain/messages";
import type { Services } from "../services";
import { failureResponse } from "./failure";
import { jsonBodyLimit, readJsonBody } from "./json-body";
import type { AppEnv } from "./request-context";
import { UnauthenticatedError } from "../../domain/errors";

/** 50 lines of ids, sizes and colours fit in a few kilobytes; anything bigger is not a cart. */
export const CART_BODY_LIMIT = 32 * 1024;

/**
 * The cart's endpoints, for a signed-in shopper only. POST /api/cart/quote prices the browser's
 * cart from the database and changes nothing. GET /api/cart reads the cart the server keeps for
 * the shopper and PUT /api/cart sends the browser's to it (docs/decisions/050-server-cart.md).
 * They read nothing but product, size, colour and quantity (and the cart's version); whose cart
 * it is comes from the session alone.
 */
export function cartRoutes(services: Pick<Services, "auth" | "pricing" | "discounts" | "savedCarts">) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    await next();
    // A quote is one shopper's, and only true now.
    c.header("Cache-Control", "no-store");
  });
  app.use("*", jsonBodyLimit(CART_BODY_LIMIT));

  app.post("/quote", async (c) => {
    try {
      const viewer = await services.auth.viewer(c.req.raw);
      if (!viewer) throw new UnauthenticatedError(messages.cart.loginToView);
      const body = await readJsonBody(c, cartQuoteBodySchema, cartRequestErrorMessage);
      const quote = await services.pricing.quote(body.lines);
      // A code that does not apply leaves the quote as it is, with the reason (docs/decisions/034-discount-codes.md).
      const { priced: _priced, ...answer } = await services.discounts.applyToQuote(quote, body.discountCode, viewer.id);
      return c.json(answer);
    } catch (error) {
      return failureResponse(c, error);
    }
  });

  async function shopper(request: Request) {
    const viewer = await services.auth.viewer(request);
    if (!viewer) throw new UnauthenticatedError(messages.cart.loginToView);
    return viewer;
  }

  app.get("/", async (c) => {
    try {
      const viewer = await shopper(c.req.raw);
      return c.json(await services.savedCarts.get(viewer.id));
    } catch (error) {
      return failureResponse(c, error);
    }
  });

  app.put("/", async (c) => {
    try {
      const viewer = await shopper(c.req.raw);
      const body = await readJsonBody(c, savedCartBodySchema, cartRequestErrorMessage);
      return c.json(await services.savedCarts.put(viewer.id, body));
    } catch (error) {
      return failureResponse(c, error);
    }
  });

  return app;
}
