import { describe, expect, it } from "vitest";
import { addressGroup, isLocalHostname, isLocalUrl, isLoopbackAddress, normalizeAddress } from "./addresses";

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8::1", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["203.0.113.7:51234", "203.0.113.7"],
    [" 198.51.100.1 ", "198.51.100.1"],
    ["127.1", null],
    ["0x7f.0.0.1", null],
    ["unknown", null],
    ["", null],
    [undefined, null],
    ["<script>", null],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeAddress(input)).toBe(expected);
  });
});

describe("addressGroup", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:0:0:0:9", "2001:db8:1:2::/64"],
    ["[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "::/64"],
    ["fe80::1", "fe80::/64"],
    ["unknown", "unknown"],
    ["", ""],
  ])("%s → %s", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });
});

describe("isLoopbackAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["192.168.1.5", false],
    ["0.0.0.0", false],
    [null, false],
    ["localhost", false],
  ])("%j -> %s", (input, expected) => {
    expect(isLoopbackAddress(input)).toBe(expected);
  });
});

describe("isLocalHostname / isLocalUrl", () => {
  it.each([
    ["localhost", true],
    ["LOCALHOST.", true],
    ["shop.localhost", true],
    ["127.0.0.1", true],
    ["[::1]", true],
    ["store.test", true],
    ["x.invalid", true],
    ["shop.example", false],
    ["shop.example.com", false],
    ["192.168.1.5", false],
    ["10.0.0.8", false],
    ["localhost.evil.example", false],
    ["testing.example", false],
  ])("%s -> %s", (hostname, expected) => {
    expect(isLocalHostname(hostname)).toBe(expected);
  });

  it.each([
    ["http://localhost:3000", true],
    ["http://127.0.0.1:3211", true],
    ["http://[::1]:3000/", true],
    ["http://store.test", true],
    ["https://shop.example", false],
    ["http://192.168.1.5:3000", false],
  ])("%s -> %s", (url, expected) => {
    expect(isLocalUrl(url)).toBe(expected);
  });
});
