import type { Context } from "hono";
import { messages } from "../../domain/messages";
import type { AuthService } from "../auth/service";
import { publicRequest } from "./client-address";
import type { AppEnv } from "./request-context";

/** Keys whose values never leave the server in a response body. */
const SECRET_KEYS = new Set(["token", "password", "accessToken", "refreshToken", "idToken"]);

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

/**
 * /api/auth/*: better-auth's handler, with two changes to what it answers. Session tokens
 * live only in the httpOnly cookie, so they are taken out of JSON bodies (a script on the
 * page could read them there), and a rate-limited request gets the documented wording (docs/product.md §8).
 */
export function authEndpoint(auth: AuthService) {
  return async (c: Context<AppEnv>) => {
    const response = await auth.handler(publicRequest(c.req.raw, c.var.client.publicOrigin));
    const type = response.headers.get("content-type") ?? "";
    if (!type.includes("application/json")) return response;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.set("cache-control", "no-store");
    if (response.status === 429) {
      return new Response(JSON.stringify({ code: "TOO_MANY_REQUESTS", message: messages.login.tooManyRequests }), {
        status: 429,
        headers,
      });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return new Response(text, { status: response.status, headers });
    }
    return new Response(JSON.stringify(withoutSecrets(body)), { status: response.status, headers });
  };
}
