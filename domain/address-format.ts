import { DEFAULT_COUNTRY, isCountry } from "./address-rules";

/**
 * How the store prints an address, per country (docs/product.md §4 Addresses). Apart from
 * domain/address-country.ts (the form's lists and checks) so that the pages that only print an
 * address (orders, the admin's order desk, e-mails) do not load the lists of states and formats.
 */

export interface PostalFields {
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/**
 * The lines of an address under the name, as each country's post prints them. Stored rows from
 * before 0.4.0 (a state typed freely) print as they were typed.
 *   United States: "Springfield, IL 62701"      Canada: "Ottawa ON K1A 0B1"
 *   United Kingdom: town, county (when given) and the postcode on lines of their own.
 */
export function postalLines(address: { street: string } & PostalFields): string[] {
  const { street, city, state, zipCode } = address;
  const country = isCountry(address.country) ? address.country : DEFAULT_COUNTRY;
  const lines = [street];
  if (country === "United Kingdom") {
    lines.push(city);
    if (state) lines.push(state);
    lines.push(zipCode);
  } else if (country === "Canada") {
    lines.push([city, state, zipCode].filter(Boolean).join(" "));
  } else {
    lines.push(`${city}, ${[state, zipCode].filter(Boolean).join(" ")}`);
  }
  lines.push(country);
  return lines.filter((line) => line.trim() !== "");
}
