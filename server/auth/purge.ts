import { inArray, lt } from "drizzle-orm";
import type { PurgeCutoffs } from "../../domain/retention";
import type { Database } from "../db/client";
import { sessions, verifications } from "../db/schema";

/*
 * better-auth writes `sessions` and `verifications` through its Drizzle adapter and deletes an
 * expired row only when it happens to read it. These delete the rest: rows that expired more
 * than a day ago (domain/retention.ts `isPurgeableAuthRow`), up to `limit` at a time. A session
 * that old has no live stream left to close (decision 010), so better-auth's delete hook is not needed.
 */

export async function purgeExpiredSessions(db: Database, cutoffs: PurgeCutoffs, limit: number): Promise<number> {
  const expired = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(sessions.expiresAt, cutoffs.expiredAuth))
    .limit(limit);
  return (await db.delete(sessions).where(inArray(sessions.id, expired)).returning({ id: sessions.id })).length;
}

export async function purgeExpiredVerifications(db: Database, cutoffs: PurgeCutoffs, limit: number): Promise<number> {
  const expired = db
    .select({ id: verifications.id })
    .from(verifications)
    .where(lt(verifications.expiresAt, cutoffs.expiredAuth))
    .limit(limit);
  return (await db.delete(verifications).where(inArray(verifications.id, expired)).returning({ id: verifications.id }))
    .length;
}
