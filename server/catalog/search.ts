import { type SQL, sql } from "drizzle-orm";
import {
  correctable,
  corrections,
  expandSearch,
  SLOT_POINTS,
  type SlotQueries,
  slotQueries,
} from "../../domain/search";
import type { Database } from "../db/client";
import { products } from "../db/schema";

/**
 * The forgiving search in SQL (issue 27, decision 059). The rules of the words are in
 * domain/search.ts; here they meet the database: trigram look-ups in `search_words` for
 * corrections, and the unaccented text-search document `products.search_document` (migration
 * 0018) for matching and ranking.
 */

/** What a search asks of the products: one query to match, and one set of ranking queries per word. */
export interface SearchPlan {
  match: string;
  slots: SlotQueries[];
}

/** Catalogue words looked up per typed word (the trigram index's nearest), before the edit-distance rule keeps the nearest. */
const CANDIDATES_PER_WORD = 10;

/** The catalogue's words nearest to each of `words` by trigram distance (the GiST index's nearest-first scan). */
async function candidateWords(db: Database, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(words.map((w) => [w, []]));
  if (words.length === 0) return found;
  // The words are letters only (domain/search.ts, correctable), so none holds a space.
  const rows = (await db.execute(sql`
    select t.tok, w.word
    from unnest(string_to_array(${words.join(" ")}, ' ')) as t(tok)
    cross join lateral (
      select word from search_words
      order by word <-> t.tok
      limit ${CANDIDATES_PER_WORD}
    ) as w`)) as unknown as { rows?: { tok: string; word: string }[] } | { tok: string; word: string }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  for (const { tok, word } of list) found.get(tok)?.push(word);
  return found;
}

/**
 * The plan of a search: its words with the owner's synonyms (`groups`) and, for a word the
 * catalogue does not have, the catalogue's nearest words. Undefined when it has no word at all
 * (it then matches nothing).
 */
export async function planSearch(
  db: Database,
  q: string,
  groups: readonly (readonly string[])[],
): Promise<SearchPlan | undefined> {
  const slots = expandSearch(q, groups);
  if (slots.length === 0) return undefined;
  const toCorrect = [
    ...new Set(slots.filter((s) => s.typed.length === 1 && correctable(s.typed[0])).map((s) => s.typed[0])),
  ];
  const candidates = await candidateWords(db, toCorrect);
  const queries = slots.map((slot) =>
    slotQueries(slot, slot.typed.length === 1 ? corrections(slot.typed[0], candidates.get(slot.typed[0]) ?? []) : []),
  );
  return { match: queries.map((s) => s.any).join(" & "), slots: queries };
}

/** The text-search query of a string made by domain/search.ts, unaccented like the document. */
const tsQuery = (query: string) => sql`to_tsquery('english', store_unaccent(${query}))`;

/** The condition a product meets to be found (the document's GIN index serves it). */
export function searchMatch(plan: SearchPlan): SQL {
  return sql`${products.searchDocument} @@ ${tsQuery(plan.match)}`;
}

/**
 * A product's relevance: per word, points for the best place it is found (a whole word in the
 * title, a prefix or a correction in the title, a whole word in the category or description,
 * anything else), summed. Ties are broken by the caller (newest first).
 */
export function searchScore(plan: SearchPlan): SQL {
  const doc = products.searchDocument;
  const parts = plan.slots.map(
    (s) => sql`(case when ${doc} @@ ${tsQuery(s.titleWhole)} then ${sql.raw(String(SLOT_POINTS.titleWhole))}
      when ${doc} @@ ${tsQuery(s.titlePart)} then ${sql.raw(String(SLOT_POINTS.titlePart))}
      when ${doc} @@ ${tsQuery(s.otherWhole)} then ${sql.raw(String(SLOT_POINTS.otherWhole))}
      else ${sql.raw(String(SLOT_POINTS.any))} end)`,
  );
  return sql.join(parts, sql` + `);
}
