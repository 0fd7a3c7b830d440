import { describe, expect, it } from "vitest";
import {
  CARRIERS,
  checkTracking,
  normaliseTrackingNumber,
  trackingMessages,
  trackingUrl,
  trackingView,
} from "./tracking";

describe("trackingUrl", () => {
  it.each([
    [
      "usps",
      "9400 1000 0000 0000 0000 00",
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000",
    ],
    ["ups", "1Z999AA10123456784", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["fedex", "123456789012", "https://www.fedex.com/fedextrack/?trknbr=123456789012"],
    [
      "dhl",
      "JD014600006281230701",
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281230701",
    ],
    [
      "canada_post",
      "1234 5678 9012 3456",
      "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456",
    ],
    ["royal_mail", "AB-123456789-GB", "https://www.royalmail.com/track-your-item#/tracking-results/AB-123456789-GB"],
    ["other", "ABCD1234", null],
  ] as const)("%s %s -> %s", (carrier, number, url) => {
    expect(trackingUrl({ carrier, number })).toBe(url);
  });

  it("has a row for every carrier", () => {
    for (const carrier of CARRIERS) expect(() => trackingUrl({ carrier, number: "ABCD" })).not.toThrow();
  });
});

describe("checkTracking", () => {
  it.each([
    ["", "", { ok: true, tracking: null }],
    [undefined, null, { ok: true, tracking: null }],
    ["  ", "   ", { ok: true, tracking: null }],
    ["ups", " 1z 999  aa1 ", { ok: true, tracking: { carrier: "ups", number: "1Z 999 AA1" } }],
    ["other", "abcd", { ok: true, tracking: { carrier: "other", number: "ABCD" } }],
    ["fedex", "A".repeat(40), { ok: true, tracking: { carrier: "fedex", number: "A".repeat(40) } }],
    ["dhl", "A".repeat(41), { ok: false, field: "trackingNumber", message: trackingMessages.number }],
    ["dhl", "ABC", { ok: false, field: "trackingNumber", message: trackingMessages.number }],
    ["usps", "ABC<script>", { ok: false, field: "trackingNumber", message: trackingMessages.number }],
    ["usps", "ABCD/../x", { ok: false, field: "trackingNumber", message: trackingMessages.number }],
    ["usps", "ÄBCD1", { ok: false, field: "trackingNumber", message: trackingMessages.number }],
    ["usps", "", { ok: false, field: "trackingNumber", message: trackingMessages.numberMissing }],
    ["", "ABCD1234", { ok: false, field: "carrier", message: trackingMessages.carrierMissing }],
    ["pigeon", "ABCD1234", { ok: false, field: "carrier", message: trackingMessages.carrier }],
    ["UPS", "ABCD1234", { ok: false, field: "carrier", message: trackingMessages.carrier }],
    [42, "ABCD1234", { ok: false, field: "carrier", message: trackingMessages.carrierMissing }],
  ])("%j %j", (carrier, number, expected) => {
    expect(checkTracking(carrier, number)).toEqual(expected);
  });
});

describe("normaliseTrackingNumber", () => {
  it.each([
    ["", ""],
    [null, ""],
    ["  1z\t999\naa1 ", "1Z 999 AA1"],
  ])("%j -> %j", (raw, expected) => {
    expect(normaliseTrackingNumber(raw)).toBe(expected);
  });
});

describe("trackingView", () => {
  it.each([
    [null, null, null],
    ["ups", null, null],
    ["teleport", "ABCD", null],
    [
      "ups",
      "1Z 99",
      { carrier: "ups", number: "1Z 99", carrierLabel: "UPS", url: "https://www.ups.com/track?tracknum=1Z99" },
    ],
    ["other", "ABCD", { carrier: "other", number: "ABCD", carrierLabel: "Other", url: null }],
  ])("%j %j", (carrier, number, expected) => {
    expect(trackingView(carrier, number)).toEqual(expected);
  });
});
