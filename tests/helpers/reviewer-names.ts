import { ANONYMOUS_REVIEWER } from "../../domain/reviewer-name";

export type Account = { firstName?: string | null; name?: string | null };

/** Accounts and the name their reviews carry: the domain rule and the migration that applied it to older rows are tested on the same table. */
export const REVIEWER_NAME_CASES: [string, Account, string][] = [
  ["the first name", { firstName: "Alice", name: "Alice Liddell" }, "Alice"],
  ["a first name of two words as typed", { firstName: "Mary  Ann", name: "" }, "Mary Ann"],
  ["a first name trimmed", { firstName: "  Cleo ", name: "" }, "Cleo"],
  ["the first word of the display name without a first name", { firstName: null, name: "Dee Google" }, "Dee"],
  ["the display name after a blank first name", { firstName: "   ", name: "Ola" }, "Ola"],
  ["Customer without any name", { firstName: null, name: "" }, ANONYMOUS_REVIEWER],
  ["Customer for blanks", { firstName: " ", name: " \t " }, ANONYMOUS_REVIEWER],
  [
    "Customer, never the address, when the display name is an e-mail",
    { firstName: null, name: "erin@example.com" },
    ANONYMOUS_REVIEWER,
  ],
  ["the display name when the first name is an e-mail", { firstName: "fay@example.com", name: "Fay Wray" }, "Fay"],
  ["Customer when both hold addresses", { firstName: "g@x.io", name: "g@x.io" }, ANONYMOUS_REVIEWER],
  ["a 50-character cut", { firstName: "A".repeat(80), name: "" }, "A".repeat(50)],
];
