import { describe, expect, it } from "vitest";
import { spreadsheetSafeCell, spreadsheetSafeRecord } from "./spreadsheet-cell";

describe("spreadsheetSafeCell", () => {
  it.each([
    ["a formula", '=HYPERLINK("https://evil.example","x")', `'=HYPERLINK("https://evil.example","x")`],
    ["a plus", "+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["a minus", "-2+3", "'-2+3"],
    ["an at sign", "@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["a leading tab", "\t=1+1", "'\t=1+1"],
    ["a leading carriage return", "\r=1+1", "'\r=1+1"],
    ["plain text", "Ada Lovelace", "Ada Lovelace"],
    ["an e-mail address", "ada@example.com", "ada@example.com"],
    ["an amount", "89.50", "89.50"],
    ["a formula sign later in the cell", "2 × =Dress @ 10.00", "2 × =Dress @ 10.00"],
    ["a leading space before a sign", " =1+1", " =1+1"],
    ["empty", "", ""],
  ])("%s", (_, cell, expected) => {
    expect(spreadsheetSafeCell(cell)).toBe(expected);
  });

  it("spreadsheetSafeRecord treats every cell of a row", () => {
    expect(spreadsheetSafeRecord(["=1", "a", "@b"])).toEqual(["'=1", "a", "'@b"]);
  });
});
