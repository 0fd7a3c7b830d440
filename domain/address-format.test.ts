import { describe, expect, it } from "vitest";
import { postalLines } from "./address-format";

describe("postalLines", () => {
  const street = "1 Main St";
  it.each([
    [
      { street, city: "Springfield", state: "IL", zipCode: "62701", country: "United States" },
      [street, "Springfield, IL 62701", "United States"],
    ],
    [
      { street, city: "Ottawa", state: "ON", zipCode: "K1A 0B1", country: "Canada" },
      [street, "Ottawa ON K1A 0B1", "Canada"],
    ],
    [
      { street, city: "London", state: "", zipCode: "SW1A 1AA", country: "United Kingdom" },
      [street, "London", "SW1A 1AA", "United Kingdom"],
    ],
    [
      { street, city: "Canterbury", state: "Kent", zipCode: "CT1 2EH", country: "United Kingdom" },
      [street, "Canterbury", "Kent", "CT1 2EH", "United Kingdom"],
    ],
    // A row from before 0.4.0: the state as it was typed, printed as it was.
    [
      { street, city: "Austin", state: "Texas", zipCode: "73301", country: "United States" },
      [street, "Austin, Texas 73301", "United States"],
    ],
    [
      { street, city: "Austin", state: "TX", zipCode: "73301", country: "" },
      [street, "Austin, TX 73301", "United States"],
    ],
  ])("%j", (address, lines) => {
    expect(postalLines(address)).toEqual(lines);
  });
});
