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
