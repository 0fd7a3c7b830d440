import type { Context, Handler, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { paymentMessages } from "../../domain/payment-messages";
import {
  CARD_SESSION_ID,
  captureBodySchema,
  checkoutBodySchema,
  paymentBodyErrorMessage,
  walletFallbackBodySchema,
} from "../../domain/payment-schemas";
import type { Viewer } from "../auth/service";
import type { Settled } from "../payments/settle";
import type { Services } from "../services";
import { failureResponse } from "./failure";
import { jsonBodyLimit, readJsonBody } from "./json-body";
import type { AppEnv } from "./request-context";
import { NotFoundError, UnauthenticatedError } from "../../domain/errors";

/** Cart lines (at most 50) and a few ids: a few kilobytes. */
const JSON_LIMIT = 64 * 1024;
/** Stripe's events carry the whole session; generous, but bounded. */
const WEBHOOK_LIMIT = 512 * 1024;

type Env = AppEnv;

const limit = jsonBodyLimit;

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  // Payments are one shopper's and only true now.
  c.header("Cache-Control", "no-store");
};

/**
 * A confirmation's answer (docs/decisions/046-one-payment-provider-interface.md): the PaymentResult
 * of domain/payment-contract.ts, 200 while the money is the store's or may still be (paid,
 * pending), 409 when this payment did not and will not become an order (refused, expired,
 * refunded). Either way the body is the same shape, and never the order itself.
 */
const settledAnswer = (c: Context<Env>, settled: Settled) => {
  const { outcome } = settled.result;
  return c.json(settled.result, outcome === "paid" || outcome === "pending" ? 200 : 409);
};

const readJson = <S extends z.ZodType>(c: Context<Env>, schema: S) => readJsonBody(c, schema, paymentBodyErrorMessage);

/**
 * The payment endpoints (docs/product.md §7 paths, mounted under /api), the Stripe webhook, the
 * success page's confirmation and the sandbox's approval and hosted-page actions. Middleware
 * is attached per route: this app is mounted on /api, beside other /api routes.
 */
export function paymentRoutes(services: Pick<Services, "auth" | "payments">) {
  const app = new Hono<Env>();
  const { payments } = services;

  /** A signed-in shopper's JSON endpoint. */
  const shopper = (handle: (c: Context<Env>, viewer: Viewer) => Promise<Response>): Handler<Env> => {
    return async (c) => {
      try {
        const viewer = await services.auth.viewer(c.req.raw);
        if (!viewer) throw new UnauthenticatedError(paymentMessages.signInRequired);
        return await handle(c, viewer);
      } catch (error) {
        return failureResponse(c, error);
      }
    };
  };

  /** A payment start: counted against the shopper's limit before the body is even read. */
  const start = (handle: (c: Context<Env>, viewer: Viewer) => Promise<Response>) =>
    shopper(async (c, viewer) => {
      await payments.admitStart(viewer);
      return handle(c, viewer);
    });

  const jsonLimit = limit(JSON_LIMIT);

  app.post(
    "/create-paypal-order",
    noStore,
    jsonLimit,
    start(async (c, viewer) => c.json(await payments.wallet.start(viewer, await readJson(c, checkoutBodySchema)))),
  );

  app.post(
    "/capture-paypal-order",
    noStore,
    jsonLimit,
    shopper(async (c, viewer) =>
      settledAnswer(c, await payments.wallet.capture(viewer, (await readJson(c, captureBodySchema)).orderId)),
    ),
  );

  app.post(
    "/verify-paypal-order",
    noStore,
    jsonLimit,
    start(async (c, viewer) =>
      settledAnswer(c, await payments.wallet.verifyFallback(viewer, await readJson(c, walletFallbackBodySchema))),
    ),
  );

  app.post(
    "/create-stripe-session",
    noStore,
    jsonLimit,
    start(async (c, viewer) => c.json(await payments.card.start(viewer, await readJson(c, checkoutBodySchema)))),
  );

  // Stripe calls this, not a browser: no session, no origin; the signature on the raw bytes is the only proof.
  app.post("/stripe-webhook", noStore, limit(WEBHOOK_LIMIT), async (c) => {
    try {
      const raw = Buffer.from(await c.req.arrayBuffer());
      return c.json(await payments.card.webhook(raw, c.req.header("stripe-signature")));
    } catch (error) {
      return failureResponse(c, error);
    }
  });

  // The /payment-success page's check (anyone may open that page): records the order of a paid session.
  app.get("/checkout/stripe-session/:sessionId", noStore, async (c) => {
    try {
      return settledAnswer(c, await payments.card.confirm(c.req.param("sessionId")));
    } catch (error) {
      return failureResponse(c, error);
    }
  });

  app.get(
    "/sandbox/paypal/:orderId",
    noStore,
    shopper(async (c, viewer) => c.json(await payments.wallet.sandboxOrder(viewer, c.req.param("orderId") ?? ""))),
  );
  app.post(
    "/sandbox/paypal/:orderId/approve",
    noStore,
    shopper(async (c, viewer) => c.json(await payments.wallet.approveSandbox(viewer, c.req.param("orderId") ?? ""))),
  );

  const sessionParam = (c: Context<Env>) => {
    const id = c.req.param("sessionId") ?? "";
    if (!CARD_SESSION_ID.test(id)) throw new NotFoundError(paymentMessages.sessionNotFound);
    return id;
  };
  app.get(
    "/sandbox/checkout/:sessionId",
    noStore,
    shopper(async (c, viewer) => c.json(await payments.card.sandboxSession(viewer, sessionParam(c)))),
  );
  app.post(
    "/sandbox/checkout/:sessionId/pay",
    noStore,
    shopper(async (c, viewer) => {
      const { result, redirectTo } = await payments.card.paySandbox(viewer, sessionParam(c));
      return c.json({ ...result, redirectTo });
    }),
  );
  app.post(
    "/sandbox/checkout/:sessionId/cancel",
    noStore,
    shopper(async (c, viewer) => c.json(await payments.card.cancelSandbox(viewer, sessionParam(c)))),
  );

  return app;
}
