import proxyaddr from "proxy-addr";
import { normalizeAddress } from "./addresses";

/**
 * TRUST_PROXY: which peers may tell the store who the client is (X-Forwarded-For) and
 * which scheme the browser used (X-Forwarded-Proto). Nobody by default: a header is only
 * as honest as whoever sent it, and without a proxy that is the client itself.
 */
export type TrustProxy =
  | { kind: "none" }
  /** The number of proxies in front of the store; the address the outermost one saw is the client. */
  | { kind: "hops"; hops: number }
  /** The proxies' own addresses: IPs, CIDR ranges, or proxy-addr's names loopback, linklocal, uniquelocal. */
  | { kind: "addresses"; addresses: string[] };

export const MAX_TRUSTED_HOPS = 10;

const EVERYONE = new Set(["true", "all", "*", "yes"]);

/** Parses the setting; a string is the problem to report for a value that makes no sense. */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return { kind: "none" };
  if (EVERYONE.has(text.toLowerCase())) {
    return "must not trust every address (anyone could forge their address): give the number of proxies in front of the store, or their addresses";
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_TRUSTED_HOPS) return `must be at most ${MAX_TRUSTED_HOPS} proxies`;
    return { kind: "hops", hops };
  }
  const addresses = text
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  for (const address of addresses) {
    try {
      proxyaddr.compile(address);
    } catch {
      return `has "${address}", which is neither an IP address, a CIDR range (e.g. 10.0.0.0/8) nor one of loopback, linklocal, uniquelocal`;
    }
  }
  return addresses.length ? { kind: "addresses", addresses } : { kind: "none" };
}

export type TrustFunction = (address: string, hop: number) => boolean;

export function compileTrust(trust: TrustProxy): TrustFunction {
  if (trust.kind === "hops") return (_address, hop) => hop < trust.hops;
  if (trust.kind === "addresses") return proxyaddr.compile(trust.addresses);
  return () => false;
}

export interface Forwarded {
  /** The client's address: the socket's peer, or what trusted proxies reported. */
  client: string | null;
  /** The socket's peer is a trusted proxy, so its forwarding headers were read. */
  viaTrustedProxy: boolean;
  /** The scheme the browser used, as the outermost trusted proxy saw it; null when not told. */
  forwardedProto: "http" | "https" | null;
}

/**
 * Who the client is, walking X-Forwarded-For from the nearest hop outwards while the hops are
 * trusted (proxy-addr). From an untrusted peer nothing forwarded is read at all.
 */
export function resolveForwarded(
  peer: string | undefined,
  headers: Pick<Headers, "get">,
  trust: TrustFunction,
): Forwarded {
  const socket = normalizeAddress(peer);
  if (!socket || !trust(socket, 0)) return { client: socket, viaTrustedProxy: false, forwardedProto: null };

  const request = {
    headers: { "x-forwarded-for": headers.get("x-forwarded-for") ?? undefined },
    socket: { remoteAddress: socket },
  };
  const chain = proxyaddr.all(request as never, trust);
  // A trusted proxy that passed on a value that is not an address: keep the last real one.
  let client: string | null = null;
  for (let i = chain.length - 1; i >= 0 && client === null; i--) client = normalizeAddress(chain[i]);

  // Proxies that set X-Forwarded-Proto send one value; proxies that append add theirs on the
  // right. The outermost trusted proxy's value is then the one as many places from the right
  // as there are trusted proxies, never one the client wrote to the left of it.
  const protos = (headers.get("x-forwarded-proto") ?? "")
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const trustedProxies = Math.max(1, chain.length - 1);
  const proto = protos.length ? protos[Math.max(0, protos.length - trustedProxies)] : null;
  return { client, viaTrustedProxy: true, forwardedProto: proto === "http" || proto === "https" ? proto : null };
}

/**
 * The start-up warning for a hop count on a port other machines can reach (issue 37, T4-10): a hop
 * count trusts whatever connects, so anyone who reaches the port past the proxy chooses the address
 * every per-address limit counts. Null when there is nothing to warn of.
 */
export function hopCountRisk(trust: TrustProxy, listensLocally: boolean, host: string): string | null {
  if (trust.kind !== "hops" || listensLocally) return null;
  return (
    `TRUST_PROXY=${trust.hops} trusts X-Forwarded-For from anyone who reaches HOST=${host} past the proxy: ` +
    "they choose the address every per-address limit counts. Name the proxy's address in TRUST_PROXY " +
    "(loopback, an IP or a range), or listen only where the proxy connects from (docs/deploy.md, section 5)"
  );
}
