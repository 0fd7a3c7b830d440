import { describe, expect, it } from "vitest";
import {
  addressGroup,
  addressKind,
  isLocalHostname,
  isLocalUrl,
  isLoopbackAddress,
  isPublicAddress,
  normalizeAddress,
} from "./addresses";

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

describe("addressKind / isPublicAddress: what an image download may reach", () => {
  it.each([
    // Public: the internet.
    ["8.8.8.8", "public"],
    ["93.184.215.14", "public"],
    ["1.1.1.1", "public"],
    ["172.15.255.255", "public"],
    ["172.32.0.1", "public"],
    ["100.63.255.255", "public"],
    ["100.128.0.1", "public"],
    ["169.253.1.1", "public"],
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::808:808", "public"],
    ["2002:808:808::1", "public"],
    // This machine.
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    // The networks behind it.
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.5", "private"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:192.168.0.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["fec0::1", "private"],
    ["64:ff9b::a00:1", "private"],
    ["2002:c0a8:101::1", "private"],
    ["100.64.0.1", "sharedNat"],
    ["100.127.255.255", "sharedNat"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["febf::1", "linkLocal"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "multicast"],
    ["ff02::1", "multicast"],
    // Special-purpose ranges.
    ["192.0.2.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.7", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.170", "reserved"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["100::1", "reserved"],
    ["64:ff9b:1::1", "reserved"],
    ["4000::1", "reserved"],
    ["::127.0.0.1", "loopback"],
    // Not addresses: never public.
    ["localhost", null],
    ["images.example", null],
    ["127.1", null],
    ["0x7f000001", null],
    ["2130706433", null],
    ["", null],
    [undefined, null],
  ])("%j is %j", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(kind === "public");
  });
});
