import { asc, eq, sql } from "drizzle-orm";
import type { LiveEvent } from "../../domain/live-events";
import { InvalidInputError, NotFoundError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import { MAX_SYNONYM_GROUPS, parseSynonymGroup } from "../../domain/search";
import type { Database, Tx } from "../db/client";
import { searchSynonyms } from "../db/schema";

/** A synonym group as the admin's Search tab lists it. */
export interface SynonymGroup {
  id: string;
  terms: string[];
}

/** The demo catalogue's synonyms (seeded with the demo data; the owner edits them in the admin). */
export const DEMO_SYNONYMS: readonly (readonly string[])[] = [
  ["tee", "t-shirt"],
  ["2 piece", "2-piece", "set", "co-ord"],
  ["sneakers", "trainers"],
  ["bag", "tote", "handbag"],
];

/**
 * The owner's search synonyms (decision 059): the only writer of `search_synonyms`. Each change
 * sends a "search.updated" notice, which empties the catalogue caches of every instance.
 */
export function createSearchSynonymsService(deps: { db: Database; publish?: (event: LiveEvent) => void }) {
  const { db } = deps;
  const changed = () => deps.publish?.({ type: "search.updated" });
  const termsOf = (input: unknown): string[] => {
    if (typeof input !== "string") {
      const message = "Enter the words, separated by commas.";
      throw new InvalidInputError(message, { terms: message });
    }
    const parsed = parseSynonymGroup(input.slice(0, 2000));
    if ("error" in parsed) throw new InvalidInputError(parsed.error, { terms: parsed.error });
    return parsed.terms;
  };

  return {
    async list(): Promise<SynonymGroup[]> {
      return db
        .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
        .from(searchSynonyms)
        .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id))
        .limit(MAX_SYNONYM_GROUPS);
    },

    /** The groups' terms only, for the search. */
    async groups(): Promise<string[][]> {
      return (await this.list()).map((g) => g.terms);
    },

    async add(input: unknown): Promise<SynonymGroup> {
      const terms = termsOf(input);
      const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms);
      if (Number(n) >= MAX_SYNONYM_GROUPS) {
        const message = `The store keeps at most ${MAX_SYNONYM_GROUPS} synonym groups.`;
        throw new InvalidInputError(message, { terms: message });
      }
      const [row] = await db
        .insert(searchSynonyms)
        .values({ terms })
        .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
      changed();
      return row;
    },

    async update(id: unknown, input: unknown): Promise<SynonymGroup> {
      const terms = termsOf(input);
      if (typeof id !== "string" || !isUuid(id)) throw new NotFoundError("Synonym group not found");
      const [row] = await db
        .update(searchSynonyms)
        .set({ terms, updatedAt: new Date() })
        .where(eq(searchSynonyms.id, id))
        .returning({ id: searchSynonyms.id, terms: searchSynonyms.terms });
      if (!row) throw new NotFoundError("Synonym group not found");
      changed();
      return row;
    },

    async remove(id: unknown): Promise<void> {
      if (typeof id !== "string" || !isUuid(id)) throw new NotFoundError("Synonym group not found");
      const gone = await db
        .delete(searchSynonyms)
        .where(eq(searchSynonyms.id, id))
        .returning({ id: searchSynonyms.id });
      if (gone.length === 0) throw new NotFoundError("Synonym group not found");
      changed();
    },
  };
}

/** The demo synonyms, once, into an empty table: the demo seed calls it in its transaction. */
export async function seedDemoSynonyms(tx: Tx | Database): Promise<void> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(searchSynonyms);
  if (Number(n) > 0) return;
  await tx.insert(searchSynonyms).values(DEMO_SYNONYMS.map((terms) => ({ terms: [...terms] })));
}

export type SearchSynonymsService = ReturnType<typeof createSearchSynonymsService>;
