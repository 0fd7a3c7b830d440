import { Hono } from "hono";
import { CLIENT_ADDRESS_HEADER } from "../auth/auth";
import { addressGroup } from "../net/addresses";
import type { Services } from "../services";
import type { AppEnv } from "./request-context";

/**
 * GET /api/events: the live stream of change notices (server-sent events). Anyone may listen
 * to product and review notices; order notices go to their customer and the administrator,
 * decided by the session the stream was opened with.
 */
export function eventRoutes(services: Pick<Services, "auth" | "events">) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    let session: Awaited<ReturnType<Services["auth"]["session"]>>;
    try {
      session = await services.auth.session(c.req.raw);
    } catch (err) {
      c.var.log?.warn({ err }, "live stream: session lookup failed");
      return c.json({ message: "Live updates are unavailable right now. Please try again shortly." }, 503);
    }
    const { viewer, sessionId } = session;
    return services.events.openStream({
      viewer: viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null,
      sessionId,
      // Set by client-address.ts after TRUST_PROXY: behind a trusted proxy, each visitor's own address.
      // An IPv6 visitor counts by its /64: a new address of the same network is the same visitor.
      address: addressGroup(c.req.header(CLIENT_ADDRESS_HEADER) ?? "unknown"),
      signal: c.req.raw.signal,
    });
  });
  return app;
}
