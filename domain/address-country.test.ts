import { describe, expect, it } from "vitest";
import { countryProblems, countryRules, normalPostalCode, normalPostalFields, normalRegion } from "./address-country";

describe("postal codes per country", () => {
  it.each([
    // United States: 5 digits, or ZIP+4 (with or without the hyphen).
    ["United States", "62701", "62701"],
    ["United States", " 62701 ", "62701"],
    ["United States", "62701-1234", "62701-1234"],
    ["United States", "627011234", "62701-1234"],
    ["United States", "62701 1234", "62701-1234"],
    ["United States", "6270", null],
    ["United States", "627012", null],
    ["United States", "ABCDE", null],
    ["United States", "K1A 0B1", null],
    ["United States", "62701-12345", null],
    // Canada: A1A 1A1, letters D F I O Q U never used, W and Z never first.
    ["Canada", "K1A 0B1", "K1A 0B1"],
    ["Canada", "k1a0b1", "K1A 0B1"],
    ["Canada", "k1a-0b1", "K1A 0B1"],
    ["Canada", "  h2x 1y4 ", "H2X 1Y4"],
    ["Canada", "D1A 0B1", null],
    ["Canada", "W1A 0B1", null],
    ["Canada", "K1A 0B", null],
    ["Canada", "62701", null],
    ["Canada", "SW1A 1AA", null],
    // United Kingdom: outward code, a space, inward code (digit and two letters).
    ["United Kingdom", "SW1A 1AA", "SW1A 1AA"],
    ["United Kingdom", "sw1a1aa", "SW1A 1AA"],
    ["United Kingdom", "M1 1AE", "M1 1AE"],
    ["United Kingdom", "m11ae", "M1 1AE"],
    ["United Kingdom", "B33 8TH", "B33 8TH"],
    ["United Kingdom", "CR2 6XH", "CR2 6XH"],
    ["United Kingdom", "DN55 1PT", "DN55 1PT"],
    ["United Kingdom", "EC1A 1BB", "EC1A 1BB"],
    ["United Kingdom", "SW1A", null],
    ["United Kingdom", "62701", null],
    ["United Kingdom", "K1A 0B1", null],
    ["United Kingdom", "<script>", null],
    ["United Kingdom", "", null],
  ] as const)("%s %j → %j", (country, raw, expected) => {
    expect(normalPostalCode(country, raw)).toBe(expected);
  });
});

describe("states, provinces and counties", () => {
  it.each([
    ["United States", "IL", "IL"],
    ["United States", "il", "IL"],
    ["United States", "Illinois", "IL"],
    ["United States", " new york ", "NY"],
    ["United States", "DC", "DC"],
    ["United States", "Puerto Rico", "PR"],
    ["United States", "ON", null],
    ["United States", "Ontario", null],
    ["United States", "Kent", null],
    ["United States", "Illinoiss", null],
    ["Canada", "ON", "ON"],
    ["Canada", "Quebec", "QC"],
    ["Canada", "yukon", "YT"],
    ["Canada", "IL", null],
    ["Canada", "California", null],
    ["United Kingdom", "Kent", "Kent"],
    ["United Kingdom", "  Greater Manchester ", "Greater Manchester"],
    ["United Kingdom", "", ""],
  ] as const)("%s %j → %j", (country, raw, expected) => {
    expect(normalRegion(country, raw)).toBe(expected);
  });

  it("lists the 50 states and DC, and the 13 provinces and territories", () => {
    const us = countryRules("United States").regions ?? [];
    expect(us.length).toBeGreaterThanOrEqual(51);
    expect(us).toContainEqual({ code: "CA", name: "California" });
    expect(us).toContainEqual({ code: "DC", name: "District of Columbia" });
    const ca = countryRules("Canada").regions ?? [];
    expect(ca.map((p) => p.code).sort()).toEqual(
      ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"].sort(),
    );
    expect(countryRules("United Kingdom").regions).toBeNull();
  });

  it("reads an unknown country as the default's rules", () => {
    expect(countryRules("France").country).toBe("United States");
    expect(countryRules(undefined).regionLabel).toBe("State");
  });
});

describe("labels per country", () => {
  it.each([
    ["United States", "City", "State", "ZIP code", "12345"],
    ["Canada", "City", "Province", "Postal code", "A1A 1A1"],
    ["United Kingdom", "Town or city", "County (optional)", "Postcode", "SW1A 1AA"],
  ] as const)("%s", (country, city, region, postal, placeholder) => {
    const rules = countryRules(country);
    expect([rules.cityLabel, rules.regionLabel, rules.postalLabel, rules.postalPlaceholder]).toEqual([
      city,
      region,
      postal,
      placeholder,
    ]);
  });
});

describe("countryProblems", () => {
  const us = { city: "Springfield", state: "IL", zipCode: "62701", country: "United States" };
  const ca = { city: "Ottawa", state: "ON", zipCode: "K1A 0B1", country: "Canada" };
  const uk = { city: "London", state: "", zipCode: "SW1A 1AA", country: "United Kingdom" };

  it.each([
    [us, {}],
    [ca, {}],
    [uk, {}],
    [{ ...uk, state: "Greater London" }, {}],
    [{ ...us, state: "" }, { state: "State is required" }],
    [{ ...us, zipCode: "" }, { zipCode: "ZIP code is required" }],
    [{ ...us, city: " " }, { city: "City is required" }],
    [{ ...ca, state: "" }, { state: "Province is required" }],
    [{ ...ca, zipCode: "" }, { zipCode: "Postal code is required" }],
    [{ ...uk, zipCode: "" }, { zipCode: "Postcode is required" }],
    [{ ...uk, city: "" }, { city: "Town or city is required" }],
    // A UK address with a US state is a county name, which the UK leaves free: only the postcode is checked.
    [{ ...uk, state: "IL", zipCode: "62701" }, { zipCode: "Enter a UK postcode like SW1A 1AA" }],
    [
      { ...ca, state: "IL", zipCode: "62701" },
      { state: "Choose a province or territory from the list", zipCode: "Enter a postal code like A1A 1A1" },
    ],
    [
      { ...us, state: "ON", zipCode: "K1A 0B1" },
      { state: "Choose a state from the list", zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789" },
    ],
    // The country itself is the schema's business.
    [{ ...us, country: "France" }, {}],
  ])("%j → %j", (address, expected) => {
    expect(countryProblems(address)).toEqual(expected);
  });

  it("spells what it stores the normal way", () => {
    expect(normalPostalFields({ ...ca, state: "ontario", zipCode: "k1a0b1", country: "Canada" as const })).toEqual({
      ...ca,
      zipCode: "K1A 0B1",
    });
  });
});
