import { describe, expect, it } from "vitest";
import { fieldMessages } from "./account-schemas";
import { addressSchema } from "./address-schema";
import { parseFields } from "./forms";

const errorsOf = (fields: Record<string, unknown>) => {
  const result = parseFields(addressSchema, fields);
  return result.ok ? {} : result.errors;
};

describe("addressSchema", () => {
  const ok = {
    name: "Ada",
    phone: "555 010 2030",
    street: "1 Main St",
    city: "Springfield",
    state: "IL",
    zipCode: "62701",
  };

  it("defaults the country to United States and the default flag to off", () => {
    const result = parseFields(addressSchema, ok);
    expect(result.ok && result.data).toEqual({ ...ok, country: "United States", isDefault: false });
  });

  it("requires name, phone, street, city, state and ZIP", () => {
    expect(errorsOf({})).toEqual({
      name: fieldMessages.nameRequired,
      phone: fieldMessages.phoneRequired,
      street: fieldMessages.streetRequired,
      city: fieldMessages.cityRequired,
      state: fieldMessages.stateRequired,
      zipCode: fieldMessages.zipRequired,
    });
    expect(errorsOf({ ...ok, city: "   " })).toEqual({ city: fieldMessages.cityRequired });
  });

  it.each([
    [{ country: "Canada", state: "ON", zipCode: "K1A 0B1" }, {}],
    [{ country: "Canada", zipCode: "K1A 0B1" }, { state: "Choose a province or territory from the list" }],
    [{ country: "United Kingdom", state: "", zipCode: "SW1A 1AA" }, {}],
    [{ country: "United Kingdom", zipCode: "62701" }, { zipCode: "Enter a UK postcode like SW1A 1AA" }],
    [{ country: "France" }, { country: fieldMessages.countryInvalid }],
    [{ zipCode: "<script>" }, { zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789" }],
    [{ state: "Ontario" }, { state: "Choose a state from the list" }],
    [{ zipCode: "1".repeat(13) }, { zipCode: fieldMessages.tooLong(12) }],
    [{ state: "x".repeat(101) }, { state: fieldMessages.tooLong(100) }],
    [{ isDefault: "on" }, {}],
  ])("%j", (change, expected) => {
    expect(errorsOf({ ...ok, ...change })).toEqual(expected);
  });

  it("shows the country's problems beside the others", () => {
    expect(errorsOf({ ...ok, name: "", zipCode: "1" })).toEqual({
      name: fieldMessages.nameRequired,
      zipCode: "Enter a 5-digit ZIP code, or ZIP+4 like 12345-6789",
    });
  });

  it.each([
    [
      { state: "illinois", zipCode: "627011234" },
      { state: "IL", zipCode: "62701-1234" },
    ],
    [
      { country: "Canada", state: "quebec", zipCode: "h2x-1y4" },
      { state: "QC", zipCode: "H2X 1Y4" },
    ],
    [
      { country: "United Kingdom", state: " Kent ", zipCode: "ct1 2eh" },
      { state: "Kent", zipCode: "CT1 2EH" },
    ],
  ])("stores %j as %j", (change, stored) => {
    const result = parseFields(addressSchema, { ...ok, ...change });
    expect(result.ok && { state: result.data.state, zipCode: result.data.zipCode }).toEqual(stored);
  });

  it("reads a ticked checkbox", () => {
    const result = parseFields(addressSchema, { ...ok, isDefault: "on" });
    expect(result.ok && result.data.isDefault).toBe(true);
  });
});
