import { describe, expect, it } from "vitest";
import { compileTrust, parseTrustProxy, resolveForwarded, type TrustProxy, hopCountRisk } from "./trust-proxy";

describe("parseTrustProxy", () => {
  it.each<[string | undefined, TrustProxy]>([
    [undefined, { kind: "none" }],
    ["", { kind: "none" }],
    [" 0 ", { kind: "none" }],
    ["false", { kind: "none" }],
    ["1", { kind: "hops", hops: 1 }],
    ["2", { kind: "hops", hops: 2 }],
    ["10.0.0.1", { kind: "addresses", addresses: ["10.0.0.1"] }],
    ["10.0.0.0/8, 2001:db8::/32", { kind: "addresses", addresses: ["10.0.0.0/8", "2001:db8::/32"] }],
    ["loopback,uniquelocal", { kind: "addresses", addresses: ["loopback", "uniquelocal"] }],
    ["10.0.0.0/255.0.0.0", { kind: "addresses", addresses: ["10.0.0.0/255.0.0.0"] }],
  ])("%j -> %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each([
    ["true", /every address/],
    ["*", /every address/],
    ["ALL", /every address/],
    ["11", /at most 10/],
    ["proxy.internal", /"proxy.internal"/],
    ["10.0.0.1, 300.1.1.1", /"300.1.1.1"/],
    ["10.0.0.0/33", /"10.0.0.0\/33"/],
  ])("refuses %j", (value, message) => {
    const parsed = parseTrustProxy(value);
    expect(typeof parsed).toBe("string");
    expect(parsed).toMatch(message);
  });
});

const headers = (h: Record<string, string>) => new Headers(h);
const trust = (value: string) => compileTrust(parseTrustProxy(value) as TrustProxy);

describe("resolveForwarded", () => {
  it.each<[string, string, string | undefined, Record<string, string>, string | null, boolean, string | null]>([
    // setting, peer, forwarded headers -> client, via trusted proxy, proto
    [
      "trust nobody: spoofed headers are ignored",
      "",
      "203.0.113.9",
      { "x-forwarded-for": "1.2.3.4", "x-forwarded-proto": "https" },
      "203.0.113.9",
      false,
      null,
    ],
    [
      "trust nobody: a loopback peer stays itself",
      "",
      "127.0.0.1",
      { "x-forwarded-for": "1.2.3.4" },
      "127.0.0.1",
      false,
      null,
    ],
    [
      "one hop: the proxy's own entry is the client",
      "1",
      "10.0.0.2",
      { "x-forwarded-for": "6.6.6.6, 198.51.100.4", "x-forwarded-proto": "https" },
      "198.51.100.4",
      true,
      "https",
    ],
    ["one hop without X-Forwarded-For: the proxy itself", "1", "10.0.0.2", {}, "10.0.0.2", true, null],
    ["two hops", "2", "10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.9" }, "198.51.100.4", true, null],
    ["a listed proxy", "10.0.0.0/8", "10.0.0.2", { "x-forwarded-for": "198.51.100.4" }, "198.51.100.4", true, null],
    [
      "a peer not on the list",
      "10.0.0.0/8",
      "203.0.113.9",
      { "x-forwarded-for": "198.51.100.4", "x-forwarded-proto": "https" },
      "203.0.113.9",
      false,
      null,
    ],
    [
      "listed proxies in a chain stop at the first stranger",
      "10.0.0.0/8",
      "10.0.0.2",
      { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.7" },
      "198.51.100.4",
      true,
      null,
    ],
    [
      "IPv4-mapped peer on a listed range",
      "loopback",
      "::ffff:127.0.0.1",
      { "x-forwarded-for": "198.51.100.4" },
      "198.51.100.4",
      true,
      null,
    ],
    [
      "garbage from a trusted proxy falls back to the last real address",
      "loopback",
      "127.0.0.1",
      { "x-forwarded-for": "not-an-ip" },
      "127.0.0.1",
      true,
      null,
    ],
    [
      "a port after the forwarded address",
      "1",
      "10.0.0.2",
      { "x-forwarded-for": "198.51.100.4:5555" },
      "198.51.100.4",
      true,
      null,
    ],
    ["no socket", "1", undefined, { "x-forwarded-for": "198.51.100.4" }, null, false, null],
  ])("%s", (_label, setting, peer, forwarded, client, via, proto) => {
    const result = resolveForwarded(peer, headers(forwarded), trust(setting));
    expect(result).toEqual({ client, viaTrustedProxy: via, forwardedProto: proto });
  });

  it.each<[string, string, string | null]>([
    ["a proxy that sets the header", "https", "https"],
    ["a proxy that appends to what the client wrote", "https, http", "http"],
    ["a value that is not a scheme", "javascript", null],
    ["upper case", "HTTPS", "https"],
  ])("X-Forwarded-Proto from one trusted proxy: %s", (_label, value, expected) => {
    const result = resolveForwarded(
      "10.0.0.2",
      headers({ "x-forwarded-proto": value, "x-forwarded-for": "198.51.100.4" }),
      trust("1"),
    );
    expect(result.forwardedProto).toBe(expected);
  });

  it("X-Forwarded-Proto through two appending proxies is the outer one's", () => {
    const result = resolveForwarded(
      "10.0.0.2",
      headers({ "x-forwarded-proto": "http, https, http", "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.9" }),
      trust("2"),
    );
    expect(result).toEqual({ client: "198.51.100.4", viaTrustedProxy: true, forwardedProto: "https" });
  });
});

describe("hopCountRisk", () => {
  it.each([
    ["a hop count on a reachable address", { kind: "hops", hops: 1 } as TrustProxy, false, true],
    ["a hop count on loopback (the proxy on the same machine)", { kind: "hops", hops: 1 } as TrustProxy, true, false],
    [
      "the proxy's addresses on a reachable address",
      { kind: "addresses", addresses: ["10.0.0.2"] } as TrustProxy,
      false,
      false,
    ],
    ["no proxy", { kind: "none" } as TrustProxy, false, false],
  ])("%s: warns %s", (_, trust, local, warns) => {
    const warning = hopCountRisk(trust, local, "0.0.0.0");
    expect(warning !== null).toBe(warns);
    if (warns) expect(warning).toMatch(/TRUST_PROXY=1 trusts X-Forwarded-For from anyone who reaches HOST=0\.0\.0\.0/);
  });
});
