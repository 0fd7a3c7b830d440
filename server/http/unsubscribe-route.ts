import type { Context } from "hono";
import type { Services } from "../services";
import type { AppEnv } from "./request-context";

export const UNSUBSCRIBE_PATH = "/stock-alerts/unsubscribe";

/**
 * POST /stock-alerts/unsubscribe?token=… (RFC 8058, decision 061): the one-click unsubscribe of the
 * back-in-stock e-mails. A mail client posts `List-Unsubscribe=One-Click` from its own servers or
 * from a web page of its own origin, with no session: the signed token is the whole authority, so
 * this is answered here and not by a page action (React Router refuses actions whose Origin is not
 * the store's), and the path is exempt from the origin check. It cancels every waiting stock alert
 * of the token's shopper and answers 200; a replay finds nothing and answers the same. The page's
 * own button (a browser navigating) is sent back to the page, which then says it is done; the GET
 * of the page (app/routes/stock-alerts-unsubscribe.tsx) changes nothing.
 */
export function unsubscribeRoute(services: Pick<Services, "stockAlerts">) {
  return async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-store");
    const token = c.req.query("token");
    const cancelled = await services.stockAlerts.unsubscribe(token);
    const navigating = c.req.header("sec-fetch-mode") === "navigate";
    if (cancelled === null) {
      if (navigating) return c.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token ?? "")}`, 303);
      return c.text("This link is not valid.", 400);
    }
    c.var.log?.info({ cancelled }, "stock alerts cancelled through the unsubscribe link");
    if (navigating) return c.redirect(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token ?? "")}&done=1`, 303);
    return c.text("Your waiting stock alerts are cancelled.", 200);
  };
}
