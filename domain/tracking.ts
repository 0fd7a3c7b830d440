/**
 * A shipment's tracking (docs/decisions/054-order-tracking-and-the-owners-desk.md): the carrier,
 * from a short list, and its number, entered by the administrator when an order is marked
 * shipped. The link the shopper follows is built here, per carrier, from the stored number.
 */

export const CARRIERS = ["usps", "ups", "fedex", "dhl", "canada_post", "royal_mail", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  usps: "USPS",
  ups: "UPS",
  fedex: "FedEx",
  dhl: "DHL",
  canada_post: "Canada Post",
  royal_mail: "Royal Mail",
  other: "Other",
};

export const TRACKING_NUMBER_MIN = 4;
export const TRACKING_NUMBER_MAX = 40;

export interface Tracking {
  carrier: Carrier;
  number: string;
}

/** What a page shows of a shipment's tracking: the carrier's name, the number and, when the carrier has one, its tracking page. */
export interface TrackingView extends Tracking {
  carrierLabel: string;
  url: string | null;
}

export const trackingMessages = {
  carrier: "Choose the carrier from the list.",
  carrierMissing: "Choose the carrier of this tracking number.",
  numberMissing: "Enter the tracking number, or leave the carrier empty.",
  number: `A tracking number has ${TRACKING_NUMBER_MIN}–${TRACKING_NUMBER_MAX} letters, digits, spaces or hyphens.`,
  onlyWhenShipped: "Tracking is entered when the order is marked shipped.",
} as const;

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** Capitals, spaces collapsed, trimmed: "1z 999  aa1" → "1Z 999 AA1". */
export function normaliseTrackingNumber(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().toUpperCase();
}

const NUMBER_PATTERN = new RegExp(`^[A-Z0-9 -]{${TRACKING_NUMBER_MIN},${TRACKING_NUMBER_MAX}}$`);

export type TrackingCheck =
  | { ok: true; tracking: Tracking | null }
  | { ok: false; field: "carrier" | "trackingNumber"; message: string };

/**
 * The administrator's two optional fields read as one: both empty is no tracking; a number needs
 * its carrier and a carrier its number; the carrier is one of the list, the number 4–40 of
 * A–Z, 0–9, space and hyphen (after capitals and collapsed spaces).
 */
export function checkTracking(carrierRaw: unknown, numberRaw: unknown): TrackingCheck {
  const carrier = typeof carrierRaw === "string" ? carrierRaw.trim() : "";
  const number = normaliseTrackingNumber(typeof numberRaw === "string" ? numberRaw : "");
  if (!carrier && !number) return { ok: true, tracking: null };
  if (carrier && !isCarrier(carrier)) return { ok: false, field: "carrier", message: trackingMessages.carrier };
  if (!carrier) return { ok: false, field: "carrier", message: trackingMessages.carrierMissing };
  if (!number) return { ok: false, field: "trackingNumber", message: trackingMessages.numberMissing };
  if (!NUMBER_PATTERN.test(number)) return { ok: false, field: "trackingNumber", message: trackingMessages.number };
  return { ok: true, tracking: { carrier: carrier as Carrier, number } };
}

const TRACKING_PAGES: Record<Carrier, ((number: string) => string) | null> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  canada_post: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  royal_mail: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  other: null,
};

/** The carrier's tracking page for the number (spaces dropped, the rest escaped); null for "Other". */
export function trackingUrl(tracking: Tracking): string | null {
  const page = TRACKING_PAGES[tracking.carrier];
  return page ? page(encodeURIComponent(tracking.number.replace(/ /g, ""))) : null;
}

/** The stored pair as pages show it; null when the order has none (or a carrier this release does not know). */
export function trackingView(carrier: string | null, number: string | null): TrackingView | null {
  if (!isCarrier(carrier) || !number) return null;
  return { carrier, number, carrierLabel: CARRIER_LABELS[carrier], url: trackingUrl({ carrier, number }) };
}
