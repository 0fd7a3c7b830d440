/**
 * The forgiving search's rules (issue 27, decision 059): how a shopper's words become the
 * database's text-search queries. Words are folded (accents off, lower case), expanded with the
 * owner's synonyms, and corrected to the catalogue's nearest words when they match none. The
 * database ranks with the queries made here: a word in the title above one in the category or
 * description, a whole word above a prefix or a correction.
 */

/** At most this many words of a search are used (the rest are ignored). */
export const MAX_SEARCH_WORDS = 8;
export const MAX_SYNONYM_TERMS = 10;
export const MAX_SYNONYM_TERM_LENGTH = 40;
export const MAX_SYNONYM_GROUPS = 200;
/** Corrections kept for a word that matches nothing in the catalogue. */
export const MAX_CORRECTIONS = 3;

/** Accents off, compatibility forms folded, lower case: "Café" and "CAFE" are one word. */
export function foldText(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a text as the search sees them: folded runs of letters and digits. */
export function searchWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** One word (or phrase) of the shopper's search and what else may stand for it. */
export interface SearchSlot {
  /** The words the shopper typed for this slot (one, or a synonym's several: "2 piece"). */
  typed: string[];
  /** The owner's synonyms for it, each a phrase of words ("t shirt" for "tee"). */
  synonyms: string[][];
}

const samePhrase = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((w, i) => w === b[i]);

/**
 * The shopper's words as slots, each with the synonyms of the longest synonym term that starts
 * there ("2 piece dress" with the group "2 piece" = "2-piece" = "set": the slot "2 piece" with
 * "set", then "dress"). `groups` are the owner's synonym groups, as typed in the admin.
 */
export function expandSearch(q: string, groups: readonly (readonly string[])[]): SearchSlot[] {
  const words = searchWords(q).slice(0, MAX_SEARCH_WORDS);
  const phrases = groups.map((group) => uniquePhrases(group.map(searchWords).filter((p) => p.length > 0)));
  const slots: SearchSlot[] = [];
  let i = 0;
  while (i < words.length) {
    let best: { length: number; group: string[][]; term: string[] } | undefined;
    for (const group of phrases) {
      for (const term of group) {
        if (term.length > words.length - i || (best && term.length <= best.length)) continue;
        if (term.every((w, k) => words[i + k] === w)) best = { length: term.length, group, term };
      }
    }
    if (!best) {
      slots.push({ typed: [words[i]], synonyms: [] });
      i += 1;
      continue;
    }
    const typed = words.slice(i, i + best.length);
    slots.push({ typed, synonyms: best.group.filter((p) => !samePhrase(p, typed)) });
    i += best.length;
  }
  return slots;
}

function uniquePhrases(phrases: string[][]): string[][] {
  const out: string[][] = [];
  for (const p of phrases) if (!out.some((o) => samePhrase(o, p))) out.push(p);
  return out;
}

/**
 * Edits between two words (insert, delete, replace one letter, or swap two neighbours):
 * "jaket" → "jacket" is 1, "drsess" → "dress" is 2.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** How many edits a typed word may be from a catalogue word: none under 4 letters, 1 up to 5, 2 beyond. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 5 ? 1 : 2;
}

/** Whether a word is worth correcting at all (digits and short words are taken as typed). */
export function correctable(word: string): boolean {
  return allowedEdits(word) > 0 && /^\p{L}+$/u.test(word);
}

/**
 * The catalogue words a typed word stands for when it matches none: `candidates` are the
 * catalogue's words most alike by trigrams (the database's pick). None when the word is a
 * catalogue word or the start of one (it matches as typed); else the nearest within
 * allowedEdits (only those at the smallest distance found), at most MAX_CORRECTIONS.
 */
export function corrections(word: string, candidates: readonly string[]): string[] {
  if (!correctable(word) || candidates.some((c) => c.startsWith(word))) return [];
  const near = candidates.map((c) => ({ c, d: editDistance(word, c) })).filter(({ d }) => d <= allowedEdits(word));
  const nearest = Math.min(...near.map(({ d }) => d));
  return near
    .filter(({ d }) => d === nearest)
    .sort((x, y) => x.c.localeCompare(y.c))
    .slice(0, MAX_CORRECTIONS)
    .map(({ c }) => c);
}

/**
 * A phrase in text-search syntax, the last word a prefix when asked. Several words are written
 * as the hyphenated word ("t-shirt", which the database's parser reads as the compound and its
 * parts in order), and, when each word has three letters or more, also as words in a row ("sun
 * <-> hat"). Shorter words are left out of that second form because the English dictionary drops
 * some of them ("t", "a"): "t <-> shirt" would match any shirt.
 */
function phrase(words: readonly string[], options: { prefix?: boolean; weights?: string } = {}): string {
  const star = options.prefix ? "*" : "";
  const label = star || options.weights ? `:${star}${options.weights ?? ""}` : "";
  if (words.length === 1) return `${words[0]}${label}`;
  const compound = `${words.join("-")}${label}`;
  if (words.some((w) => w.length < 3 && !/^\p{N}+$/u.test(w))) return compound;
  return `(${compound} | ${words.join(" <-> ")}${label})`;
}

const anyOf = (parts: string[]) => (parts.length === 1 ? parts[0] : `(${parts.join(" | ")})`);

/** The text-search queries of one slot, from the one that matches most to the one that ranks best. */
export interface SlotQueries {
  /** What a product must match for this slot: the typed words as a prefix, a synonym, a correction. */
  any: string;
  /** A whole typed word or a synonym in the title. */
  titleWhole: string;
  /** A prefix of a typed word, or a correction, in the title. */
  titlePart: string;
  /** A whole typed word or a synonym in the category or the description. */
  otherWhole: string;
}

export function slotQueries(slot: SearchSlot, fixes: readonly string[] = []): SlotQueries {
  const whole = [slot.typed, ...slot.synonyms];
  const fixed = fixes.map((f) => [f]);
  return {
    any: anyOf([
      phrase(slot.typed, { prefix: true }),
      ...slot.synonyms.map((p) => phrase(p)),
      ...fixed.map((p) => phrase(p)),
    ]),
    titleWhole: anyOf(whole.map((p) => phrase(p, { weights: "A" }))),
    titlePart: anyOf([
      phrase(slot.typed, { prefix: true, weights: "A" }),
      ...fixed.map((p) => phrase(p, { weights: "A" })),
    ]),
    otherWhole: anyOf(whole.map((p) => phrase(p, { weights: "BC" }))),
  };
}

/** Points a product earns for one slot, by the first of the slot's queries it matches. */
export const SLOT_POINTS = { titleWhole: 8, titlePart: 6, otherWhole: 3, any: 1 } as const;

/**
 * The owner's synonym group from the admin's field: terms separated by commas or "=", each
 * trimmed, duplicates (after folding) dropped. An error message when it is not a group.
 */
export function parseSynonymGroup(input: string): { terms: string[] } | { error: string } {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const raw of input.split(/[,=\n]/)) {
    const term = raw
      .replace(/\p{Cc}/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (!term) continue;
    if (term.length > MAX_SYNONYM_TERM_LENGTH)
      return { error: `Each word or phrase can be at most ${MAX_SYNONYM_TERM_LENGTH} characters.` };
    const words = searchWords(term);
    if (words.length === 0) return { error: `“${term}” has no letters or digits.` };
    const key = foldText(term);
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  if (terms.length < 2) return { error: "Enter at least two words or phrases, separated by commas." };
  if (terms.length > MAX_SYNONYM_TERMS)
    return { error: `A group can have at most ${MAX_SYNONYM_TERMS} words or phrases.` };
  return { terms };
}
