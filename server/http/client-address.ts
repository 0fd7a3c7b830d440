import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { CLIENT_ADDRESS_HEADER } from "../auth/auth";

/**
 * Puts the socket's peer address on the request as CLIENT_ADDRESS_HEADER, replacing any
 * value the client sent, so rate limits key on an address nobody can forge. Behind a reverse
 * proxy every visitor shares the proxy's address; the limits then apply to all together.
 */
export function clientAddress(): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_ADDRESS_HEADER);
    let address: string | undefined;
    try {
      address = getConnInfo(c).remote.address;
    } catch {
      // No socket (an in-process request): no address, and the limiter uses one shared bucket.
    }
    if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
    await next();
  };
}
