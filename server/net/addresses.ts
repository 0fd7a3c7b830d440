import ipaddr from "ipaddr.js";

/**
 * Network addresses as the store reasons about them: which peers are this machine, and
 * which public addresses cannot be reached from the internet. Pure functions, no I/O.
 */

/** The address in its plain form ("::ffff:10.0.0.1" is "10.0.0.1"), or null when it is not an IP address. */
export function normalizeAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  // Some proxies write a port after the address ("203.0.113.7:51234", "[2001:db8::1]:443").
  const bare = address
    .trim()
    .replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1")
    .replace(/^\[(.*)\](?::\d+)?$/, "$1");
  // Strict forms only: "127.1" or "0x7f.0.0.1" are not how sockets or proxies write addresses.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return null;
  return ipaddr.process(bare).toString();
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 ("::ffff:127.0.0.1"). */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  const plain = normalizeAddress(address);
  return plain !== null && ipaddr.process(plain).range() === "loopback";
}

/**
 * The group a per-address limit counts a client in: an IPv4 address alone; an IPv6 address's
 * /64 ("2001:db8:1:2::/64"), since a provider hands each customer at least a /64 and a client
 * can use a new address of it for every request (better-auth's limiter groups the same way).
 * Anything that is not an address ("unknown") stands for itself.
 */
export function addressGroup(address: string): string {
  const plain = normalizeAddress(address);
  if (plain === null) return address;
  const parsed = ipaddr.parse(plain);
  if (parsed.kind() === "ipv4") return plain;
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${plain}/64`);
  return `${network.toString()}/64`;
}

/**
 * Host names that name this machine: `localhost` and `*.localhost` (RFC 6761 has them resolve
 * to loopback) and loopback IP addresses (`127.0.0.1`, `[::1]`). A name someone else's DNS
 * points at 127.0.0.1 (DNS rebinding) is not among them.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

/**
 * Host names that never reach another machine from the internet: this machine's
 * (isLoopbackHostname), and the reserved `*.test` and `*.invalid` names, which are never
 * delegated in the public DNS. `*.example` is not among them: documentation uses it to stand
 * for a real public name.
 */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name.endsWith(".test") || name.endsWith(".invalid") || isLoopbackHostname(name);
}

/** Whether PUBLIC_URL is an address of this machine (or a test name) rather than one shoppers use. */
export function isLocalUrl(url: string): boolean {
  return isLocalHostname(new URL(url).hostname);
}

/**
 * What an IP address reaches, as far as a download on an operator's behalf is concerned
 * (`import-products` fetching image URLs): only `public` addresses are fetched. Everything else
 * is this machine (`loopback`; `unspecified`, 0.0.0.0 and ::, which connect here too), the
 * networks behind it (`private`: 10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10; `sharedNat`:
 * 100.64/10), `linkLocal` (169.254/16 with the cloud metadata service at 169.254.169.254,
 * fe80::/10), `multicast` (and 255.255.255.255), or `reserved` (documentation, benchmarking and
 * other special-purpose ranges, IPv6 outside 2000::/3, Teredo and local-use NAT64). An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) counts as its IPv4 address, and so do NAT64's
 * 64:ff9b::/96 and 6to4's 2002::/16, which carry one. null: not an IP address.
 */
export type AddressKind =
  | "public"
  | "loopback"
  | "unspecified"
  | "private"
  | "sharedNat"
  | "linkLocal"
  | "multicast"
  | "reserved";

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96");

function kindOf(ip: ipaddr.IPv4 | ipaddr.IPv6): AddressKind {
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    const parts = v6.parts;
    // The IPv4 address a NAT64 (last 32 bits) or 6to4 (bits 16 to 48) address stands for.
    if (v6.match(NAT64)) return kindOf(ipaddr.IPv4.parse(v4From(parts[6], parts[7])));
    if (v6.range() === "6to4") return kindOf(ipaddr.IPv4.parse(v4From(parts[1], parts[2])));
  }
  // As a string: the typings lag behind the ranges ipaddr.js knows ("deprecatedSiteLocal").
  switch (ip.range() as string) {
    case "unicast":
      return ip.kind() === "ipv4" || (ip as ipaddr.IPv6).match(GLOBAL_UNICAST) ? "public" : "reserved";
    case "loopback":
      return "loopback";
    case "unspecified":
      return "unspecified";
    case "private":
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return "private";
    case "carrierGradeNat":
      return "sharedNat";
    case "linkLocal":
      return "linkLocal";
    case "multicast":
    case "broadcast":
      return "multicast";
    default:
      return "reserved";
  }
}

const v4From = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The kind of an IP address (AddressKind), or null when `address` is not one. */
export function addressKind(address: string | undefined | null): AddressKind | null {
  const plain = normalizeAddress(address);
  return plain === null ? null : kindOf(ipaddr.parse(plain));
}

/** Whether an address reaches the public internet and nothing of this machine's or its networks'. */
export function isPublicAddress(address: string | undefined | null): boolean {
  return addressKind(address) === "public";
}

/** The kinds in words, for a message that says why an address was refused. */
export const ADDRESS_KIND_TEXT: Record<AddressKind, string> = {
  public: "a public address",
  loopback: "a loopback address (this machine)",
  unspecified: "an unspecified address (this machine)",
  private: "a private network address",
  sharedNat: "a carrier-grade NAT address (a provider's private network)",
  linkLocal: "a link-local address (cloud metadata)",
  multicast: "a multicast or broadcast address",
  reserved: "a reserved, special-purpose address",
};
