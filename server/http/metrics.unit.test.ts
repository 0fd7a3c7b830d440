import { describe, expect, it } from "vitest";
import { metricsAccess } from "./metrics";

const TOKEN = "0123456789abcdef0123456789abcdef";

type Case = {
  token?: string;
  authorization?: string;
  address: string | null;
  peer?: string | null;
  viaTrustedProxy?: boolean;
  headers?: Record<string, string>;
  hostname?: string;
};

const ask = (c: Case) =>
  metricsAccess({
    token: "token" in c ? c.token : TOKEN,
    authorization: c.authorization,
    client: {
      address: c.address,
      peer: c.peer === undefined ? c.address : c.peer,
      viaTrustedProxy: !!c.viaTrustedProxy,
    },
    headers: new Headers(c.headers),
    hostname: c.hostname ?? "127.0.0.1",
  });

describe("who may read /metrics", () => {
  it.each<[string, Case, ReturnType<typeof metricsAccess>]>([
    ["the token, from the internet", { address: "203.0.113.7", authorization: `Bearer ${TOKEN}` }, "token"],
    ["the token, scheme in any case", { address: "203.0.113.7", authorization: `bearer ${TOKEN}` }, "token"],
    [
      "the token, behind a proxy",
      { address: "203.0.113.7", peer: "10.0.0.2", viaTrustedProxy: true, authorization: `Bearer ${TOKEN}` },
      "token",
    ],
    ["a wrong token", { address: "203.0.113.7", authorization: `Bearer ${TOKEN}x` }, null],
    ["a prefix of the token", { address: "203.0.113.7", authorization: `Bearer ${TOKEN.slice(0, 31)}` }, null],
    ["the token with something after it", { address: "203.0.113.7", authorization: `Bearer ${TOKEN} extra` }, null],
    ["an empty bearer", { address: "203.0.113.7", authorization: "Bearer " }, null],
    ["the token as Basic credentials", { address: "203.0.113.7", authorization: `Basic ${TOKEN}` }, null],
    [
      "any bearer when no token is set",
      { token: undefined, address: "203.0.113.7", authorization: "Bearer anything" },
      null,
    ],
    ["nothing, from the internet", { address: "203.0.113.7" }, null],
    ["this machine, IPv4", { address: "127.0.0.1", hostname: "127.0.0.1" }, "this machine"],
    ["this machine, IPv6", { address: "::1", hostname: "[::1]" }, "this machine"],
    ["this machine, IPv4-mapped", { address: "::ffff:127.0.0.1", hostname: "localhost" }, "this machine"],
    ["this machine without a token set", { token: undefined, address: "127.0.0.1" }, "this machine"],
    [
      "this machine, addressed by the public name (DNS rebinding)",
      { address: "127.0.0.1", hostname: "shop.example.com" },
      null,
    ],
    [
      "this machine relaying a visitor through an undeclared proxy",
      { address: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.7" } },
      null,
    ],
    [
      "this machine relaying through an undeclared proxy (Forwarded)",
      { address: "127.0.0.1", headers: { forwarded: "for=203.0.113.7" } },
      null,
    ],
    [
      "a visitor the trusted proxy reports",
      {
        address: "203.0.113.7",
        peer: "127.0.0.1",
        viaTrustedProxy: true,
        headers: { "x-forwarded-for": "203.0.113.7" },
      },
      null,
    ],
    [
      "a client on this machine the trusted proxy on this machine reports",
      { address: "127.0.0.1", peer: "127.0.0.1", viaTrustedProxy: true, headers: { "x-forwarded-for": "127.0.0.1" } },
      "this machine",
    ],
    [
      "loopback reported by a trusted proxy on another machine",
      { address: "127.0.0.1", peer: "10.0.0.2", viaTrustedProxy: true, headers: { "x-forwarded-for": "127.0.0.1" } },
      null,
    ],
    ["no socket at all", { address: null }, null],
  ])("%s", (_, c, expected) => {
    expect(ask(c)).toBe(expected);
  });
});
