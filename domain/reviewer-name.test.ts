import { describe, expect, it } from "vitest";
import { REVIEWER_NAME_CASES } from "../tests/helpers/reviewer-names";
import { reviewerDisplayName, reviewerName } from "./reviewer-name";

describe("reviewerName", () => {
  it.each(REVIEWER_NAME_CASES)("stores %s", (_what, account, expected) => {
    expect(reviewerName(account)).toBe(expected);
  });

  it("takes undefined fields as missing", () => {
    expect(reviewerName({})).toBe("Customer");
  });
});

describe("reviewerDisplayName", () => {
  it.each<[string, string | null | undefined, string]>([
    ["a first name as stored", "Alice", "Alice"],
    ["a full name an older release stored", "Alice Liddell", "Alice Liddell"],
    ["an e-mail an older release stored", "bob@example.com", "Customer"],
    ["a name holding an address", "Bob (bob@example.com)", "Customer"],
    ["an empty name", "", "Customer"],
    ["blanks", "  \n ", "Customer"],
    ["null", null, "Customer"],
    ["undefined", undefined, "Customer"],
    ["inner runs of blanks", "Ann   Marie", "Ann Marie"],
    ["an over-long name, cut", "B".repeat(60), "B".repeat(50)],
  ])("shows %s as %j", (_what, stored, expected) => {
    expect(reviewerDisplayName(stored)).toBe(expected);
  });
});
