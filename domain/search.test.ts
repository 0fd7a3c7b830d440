import { describe, expect, it } from "vitest";
import {
  corrections,
  editDistance,
  expandSearch,
  foldText,
  parseSynonymGroup,
  searchWords,
  slotQueries,
} from "./search";

const GROUPS = [
  ["tee", "t-shirt"],
  ["2 piece", "2-piece", "set"],
  ["sneakers", "trainers"],
];

describe("searchWords", () => {
  it.each([
    ["Café Crème", ["cafe", "creme"]],
    ["  T-Shirt ", ["t", "shirt"]],
    ["NAÏVE", ["naive"]],
    ["a\u0000b", ["a", "b"]],
    ["'; drop table --", ["drop", "table"]],
    ["ﬁne", ["fine"]],
    ["", []],
  ])("%j → %j", (input, words) => expect(searchWords(input)).toEqual(words));

  it("folds accents and case", () => expect(foldText("Éte")).toBe("ete"));
});

describe("expandSearch", () => {
  it.each([
    ["tee", [{ typed: ["tee"], synonyms: [["t", "shirt"]] }]],
    ["t-shirt", [{ typed: ["t", "shirt"], synonyms: [["tee"]] }]],
    ["2 piece", [{ typed: ["2", "piece"], synonyms: [["set"]] }]],
    [
      "2-piece dress",
      [
        { typed: ["2", "piece"], synonyms: [["set"]] },
        { typed: ["dress"], synonyms: [] },
      ],
    ],
    ["Set", [{ typed: ["set"], synonyms: [["2", "piece"]] }]],
    [
      "floral midi",
      [
        { typed: ["floral"], synonyms: [] },
        { typed: ["midi"], synonyms: [] },
      ],
    ],
    ["2", [{ typed: ["2"], synonyms: [] }]],
    ["", []],
  ])("%j", (q, slots) => expect(expandSearch(q, GROUPS)).toEqual(slots));

  it("uses at most eight words", () => expect(expandSearch("a b c d e f g h i j", [])).toHaveLength(8));
});

describe("editDistance", () => {
  it.each([
    ["jaket", "jacket", 1],
    ["drsess", "dress", 1],
    ["drsess", "press", 2],
    ["dress", "dress", 0],
    ["ab", "ba", 1],
    ["", "abc", 3],
    ["linen", "denim", 4],
  ])("%s → %s: %i", (a, b, d) => expect(editDistance(a, b)).toBe(d));
});

describe("corrections", () => {
  it.each([
    ["jaket", ["jacket", "jackets", "jade"], ["jacket"]],
    // A catalogue word, or the start of one, is taken as typed.
    ["dress", ["dress", "dresses"], []],
    ["flor", ["floral", "flora"], []],
    // Too short to correct, or not a word.
    ["tea", ["tee"], []],
    ["1234", ["1235"], []],
    // Too far.
    ["zzzzzz", ["dress"], []],
    // Only the nearest: "dresses" and "press" are two edits away, "dress" one.
    ["drsess", ["press", "dresses", "dress"], ["dress"]],
    // At most three of the nearest.
    ["bager", ["baker", "badger", "bagel", "eager", "bader"], ["bader", "badger", "bagel"]],
  ])("%s among %j → %j", (word, candidates, expected) => expect(corrections(word, candidates)).toEqual(expected));
});

describe("slotQueries", () => {
  it("a typed word: prefix to match, whole to rank, corrections too", () => {
    expect(slotQueries({ typed: ["jaket"], synonyms: [] }, ["jacket"])).toEqual({
      any: "(jaket:* | jacket)",
      titleWhole: "jaket:A",
      titlePart: "(jaket:*A | jacket:A)",
      otherWhole: "jaket:BC",
    });
  });

  it("synonyms as phrases", () => {
    expect(slotQueries({ typed: ["tee"], synonyms: [["t", "shirt"]] })).toEqual({
      any: "(tee:* | t-shirt)",
      titleWhole: "(tee:A | t-shirt:A)",
      titlePart: "tee:*A",
      otherWhole: "(tee:BC | t-shirt:BC)",
    });
  });

  it("phrases of longer words also as words in a row; digits count as long", () => {
    expect(slotQueries({ typed: ["sun", "hat"], synonyms: [["2", "piece"]] }).any).toBe(
      "((sun-hat:* | sun <-> hat:*) | (2-piece | 2 <-> piece))",
    );
  });
});

describe("parseSynonymGroup", () => {
  it.each([
    ["tee, t-shirt", { terms: ["tee", "t-shirt"] }],
    ["2 piece = 2-piece = set", { terms: ["2 piece", "2-piece", "set"] }],
    ["Tee, tee, TEE, t-shirt", { terms: ["Tee", "t-shirt"] }],
    ["tee", { error: "Enter at least two words or phrases, separated by commas." }],
    ["tee, !!!", { error: "“!!!” has no letters or digits." }],
    [`tee, ${"x".repeat(41)}`, { error: "Each word or phrase can be at most 40 characters." }],
    [
      Array.from({ length: 11 }, (_, i) => `w${i}`).join(","),
      { error: "A group can have at most 10 words or phrases." },
    ],
    ["tee,\u0000t-shirt", { terms: ["tee", "t-shirt"] }],
  ])("%j", (input, expected) => expect(parseSynonymGroup(input)).toEqual(expected));
});
