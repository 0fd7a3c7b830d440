import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_ADDRESS_HEADER } from "../auth/auth";
import { compileTrust, resolveForwarded, type TrustProxy } from "../net/trust-proxy";

/** Who sent a request, as far as the store can tell (see docs/decisions/007-behind-a-proxy.md). */
export interface ClientInfo {
  /** The client's address: the socket's peer, or what a trusted proxy reported. Null without a socket. */
  address: string | null;
  /** The socket's peer is a proxy TRUST_PROXY names, so its forwarding headers were read. */
  viaTrustedProxy: boolean;
  /** The socket's own peer address (a proxy's, behind one), whatever TRUST_PROXY says. Null without a socket. */
  peer: string | null;
  /**
   * The origin the browser addressed (scheme://host[:port]). Behind a TLS-terminating proxy
   * the socket speaks plain HTTP, so the public origin is PUBLIC_URL's when the request names
   * the store's public host or came through a trusted proxy; otherwise what the request says.
   */
  publicOrigin: string;
}

/** The Host header names the public URL's host, its default port written out or not ("shop.example:443"). */
function namesHost(host: string, configured: URL): boolean {
  const name = host.toLowerCase();
  if (name === configured.host) return true;
  const defaultPort = configured.protocol === "https:" ? "443" : "80";
  return configured.port === "" && name === `${configured.hostname}:${defaultPort}`;
}

/**
 * The request's public origin. A trusted proxy answers for the public host (whatever Host it
 * passes upstream) and tells the scheme; a request whose Host is PUBLIC_URL's host asked for
 * the store by its public name, and only a TLS-terminating proxy can stand between the two
 * schemes. Anything else (e.g. http://127.0.0.1:3000 on the machine itself) keeps its own origin.
 */
export function publicOriginOf(input: {
  requestUrl: string;
  host: string | undefined;
  publicUrl: string;
  viaTrustedProxy: boolean;
  forwardedProto: "http" | "https" | null;
}): string {
  const configured = new URL(input.publicUrl);
  if (input.viaTrustedProxy) {
    return input.forwardedProto ? `${input.forwardedProto}://${configured.host}` : configured.origin;
  }
  if (input.host !== undefined && namesHost(input.host, configured)) return configured.origin;
  return new URL(input.requestUrl).origin;
}

export function resolveClient(
  c: Context,
  options: { trust: (address: string, hop: number) => boolean; publicUrl: string },
): ClientInfo {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No socket (an in-process request): no address, and limits use one shared bucket.
  }
  return clientInfoOf({ peer, headers: c.req.raw.headers, requestUrl: c.req.url }, options);
}

/**
 * The client of a request from its peer address, its headers and its URL: the app's middleware
 * (resolveClient) and the fast lane (fast-lane.ts, before a web Request exists) both use it.
 */
export function clientInfoOf(
  request: { peer: string | undefined; headers: Pick<Headers, "get">; requestUrl: string },
  options: { trust: (address: string, hop: number) => boolean; publicUrl: string },
): ClientInfo {
  const forwarded = resolveForwarded(request.peer, request.headers, options.trust);
  return {
    address: forwarded.client,
    viaTrustedProxy: forwarded.viaTrustedProxy,
    peer: request.peer ?? null,
    publicOrigin: publicOriginOf({
      requestUrl: request.requestUrl,
      host: request.headers.get("host") ?? undefined,
      publicUrl: options.publicUrl,
      viaTrustedProxy: forwarded.viaTrustedProxy,
      forwardedProto: forwarded.forwardedProto,
    }),
  };
}

/**
 * Works out who the client is (TRUST_PROXY decides whose X-Forwarded-For and
 * X-Forwarded-Proto count) and puts the address on the request as CLIENT_ADDRESS_HEADER,
 * replacing any value the client sent, so every per-address limit keys on an address nobody
 * can forge.
 */
export function clientAddress(options: { trustProxy: TrustProxy; publicUrl: string }): MiddlewareHandler<{
  Variables: { client: ClientInfo };
}> {
  const trust = compileTrust(options.trustProxy);
  return async (c, next) => {
    const client = resolveClient(c, { trust, publicUrl: options.publicUrl });
    c.set("client", client);
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_ADDRESS_HEADER);
    if (client.address) headers.set(CLIENT_ADDRESS_HEADER, client.address);
    await next();
  };
}

/**
 * The request as the browser addressed it: same method, headers, body and signal, with the
 * public origin in its URL. React Router compares a form post's Origin with request.url, and
 * better-auth builds links from it; behind a TLS-terminating proxy the raw URL says http://.
 */
export function publicRequest(raw: Request, publicOrigin: string): Request {
  const url = new URL(raw.url);
  if (url.origin === publicOrigin) return raw;
  const rebuilt = new URL(`${url.pathname}${url.search}`, publicOrigin);
  return new Request(rebuilt, {
    method: raw.method,
    headers: raw.headers,
    body: raw.body,
    signal: raw.signal,
    redirect: raw.redirect,
    // Required by Node's fetch for a streamed body; the body is passed on, not read here.
    ...(raw.body ? { duplex: "half" } : {}),
  } as RequestInit);
}
