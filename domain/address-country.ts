import { CA, type CountryData, US } from "country-region-data";
import { postcodeValidator } from "postcode-validator";
import type { PostalFields } from "./address-format";
import { type Country, DEFAULT_COUNTRY, isCountry } from "./address-rules";

export type { PostalFields };

/**
 * How an address looks in each of the store's three countries (docs/product.md §4 Addresses):
 * the form's labels and placeholders, the checks, the normal spelling of a postal code, and
 * how the address is printed. The subdivision lists come from country-region-data and the
 * postal code formats from postcode-validator (docs/decisions/051-addresses-per-country.md):
 * nothing here is a list typed by hand.
 */

export interface Subdivision {
  /** What the store stores and prints: "IL", "ON". */
  code: string;
  /** What the form's list shows: "Illinois", "Ontario". */
  name: string;
}

export interface CountryRules {
  country: Country;
  /** ISO 3166-1 alpha-2, for the postal code formats. */
  iso: "US" | "CA" | "GB";
  cityLabel: string;
  cityRequired: string;
  regionLabel: string;
  /** The list to choose from; null where the region is free text (a UK county). */
  regions: readonly Subdivision[] | null;
  regionRequired: string | null;
  regionInvalid: string;
  postalLabel: string;
  postalPlaceholder: string;
  postalRequired: string;
  postalInvalid: string;
}

/** country-region-data's entry of a country: [name, ISO code, [[region name, region code], ...]]. */
const subdivisions = ([, , regions]: CountryData): Subdivision[] => regions.map(([name, code]) => ({ code, name }));

const RULES: Record<Country, CountryRules> = {
  "United States": {
    country: "United States",
    iso: "US",
    cityLabel: "City",
    cityRequired: "City is required",
    regionLabel: "State",
    regions: subdivisions(US),
    regionRequired: "State is required",
    regionInvalid: "Choose a state from the list",
    postalLabel: "ZIP code",
    postalPlaceholder: "12345",
    postalRequired: "ZIP code is required",
    postalInvalid: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789",
  },
  Canada: {
    country: "Canada",
    iso: "CA",
    cityLabel: "City",
    cityRequired: "City is required",
    regionLabel: "Province",
    regions: subdivisions(CA),
    regionRequired: "Province is required",
    regionInvalid: "Choose a province or territory from the list",
    postalLabel: "Postal code",
    postalPlaceholder: "A1A 1A1",
    postalRequired: "Postal code is required",
    postalInvalid: "Enter a postal code like A1A 1A1",
  },
  "United Kingdom": {
    country: "United Kingdom",
    iso: "GB",
    cityLabel: "Town or city",
    cityRequired: "Town or city is required",
    regionLabel: "County (optional)",
    regions: null,
    regionRequired: null,
    regionInvalid: "",
    postalLabel: "Postcode",
    postalPlaceholder: "SW1A 1AA",
    postalRequired: "Postcode is required",
    postalInvalid: "Enter a UK postcode like SW1A 1AA",
  },
};

/** The rules of a country; anything else (an unknown or missing country) reads as the default's. */
export function countryRules(country: unknown): CountryRules {
  return RULES[isCountry(country) ? country : DEFAULT_COUNTRY];
}

/**
 * A postal code in its normal spelling, or null when it is not one of the country's:
 * "k1a0b1" → "K1A 0B1", "sw1a1aa" → "SW1A 1AA", "123456789" → "12345-6789".
 */
export function normalPostalCode(country: Country, raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, "");
  let spelled: string;
  if (country === "United States") {
    spelled = /^\d{9}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
  } else {
    // Canada: "A1A 1A1"; UK: the inward code is always the last three characters.
    spelled = compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
  }
  return postcodeValidator(spelled, RULES[country].iso) ? spelled : null;
}

/**
 * The subdivision as stored: the code of the list entry named by its code or its name (any case),
 * null when the country has a list and it is not on it. A UK county is free text, kept as typed.
 */
export function normalRegion(country: Country, raw: string): string | null {
  const { regions } = RULES[country];
  const value = raw.trim();
  if (!regions) return value;
  const wanted = value.toUpperCase();
  const found = regions.find((r) => r.code === wanted || r.name.toUpperCase() === wanted);
  return found ? found.code : null;
}

/** What is wrong with an address's country-dependent fields, by field name; empty when nothing is. */
export function countryProblems(address: Partial<PostalFields>): Record<string, string> {
  const country = isCountry(address.country) ? address.country : null;
  if (!country) return {};
  const rules = RULES[country];
  const problems: Record<string, string> = {};
  const city = (address.city ?? "").trim();
  const state = (address.state ?? "").trim();
  const zip = (address.zipCode ?? "").trim();
  if (!city) problems.city = rules.cityRequired;
  if (!state && rules.regionRequired) problems.state = rules.regionRequired;
  else if (state && normalRegion(country, state) === null) problems.state = rules.regionInvalid;
  if (!zip) problems.zipCode = rules.postalRequired;
  else if (normalPostalCode(country, zip) === null) problems.zipCode = rules.postalInvalid;
  return problems;
}

/** The fields as stored; call only on fields countryProblems found nothing wrong with. */
export function normalPostalFields<T extends PostalFields & { country: Country }>(address: T): T {
  return {
    ...address,
    state: normalRegion(address.country, address.state) ?? address.state,
    zipCode: normalPostalCode(address.country, address.zipCode) ?? address.zipCode,
  };
}
