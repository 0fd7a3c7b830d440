import { purgeCutoffs } from "../../domain/retention";
import { purgeExpiredSessions, purgeExpiredVerifications } from "../auth/purge";
import { purgeAbandonedCheckouts } from "../checkouts/checkouts";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { purgeOldMail } from "../mail/outbox";
import { periodicTask } from "../periodic-task";

export interface HousekeepingOptions {
  /** The pause between two passes. */
  intervalMs?: number;
  /** Rows deleted by one statement: small enough not to hold a long lock or a long transaction. */
  batchSize?: number;
  /** Batches of one kind in one pass; more waiting makes the task run again at once. */
  maxBatches?: number;
}

export type PurgeKind = "sentMail" | "sessions" | "verifications" | "abandonedCheckouts";

export type PurgeCounts = Record<PurgeKind, number>;

/**
 * Deletes what the store no longer needs (docs/decisions/029-housekeeping.md): sent e-mail older
 * than MAIL_RETENTION_DAYS (it holds sign-in and reset links) and given-up e-mail after 30 days,
 * sessions and verification rows a day past their expiry, and abandoned checkouts after 30 days.
 * What is old enough is domain/retention.ts; each table's own module deletes its rows. Every
 * purge goes in batches; a pass that deleted anything logs its counts. Several instances may run
 * it at once: a row two of them pick is deleted once. Resumable uploads (files in UPLOAD_DIR, not
 * rows) go UPLOAD_EXPIRY_HOURS after they were started, whether finished or not (decision 057).
 */
export function createHousekeeping(
  deps: {
    db: Database;
    logger: Logger;
    mailRetentionDays: number;
    /** The stock alerts' sweep (decision 061): restocks no release saw, spent requests a month old. */
    stockAlerts?: { sweep(now: Date): Promise<{ released: number; purged: number }> };
    /** Removes resumable uploads past UPLOAD_EXPIRY_HOURS, finished or not (decision 057); their count. */
    purgeUploads?: () => Promise<number>;
  },
  options: HousekeepingOptions = {},
) {
  const intervalMs = options.intervalMs ?? 3600_000;
  const batchSize = options.batchSize ?? 500;
  const maxBatches = options.maxBatches ?? 20;
  const log = deps.logger.child({ component: "housekeeping" });

  const purges: Record<PurgeKind, (cutoffs: ReturnType<typeof purgeCutoffs>, limit: number) => Promise<number>> = {
    sentMail: (cutoffs, limit) => purgeOldMail(deps.db, cutoffs, limit),
    sessions: (cutoffs, limit) => purgeExpiredSessions(deps.db, cutoffs, limit),
    verifications: (cutoffs, limit) => purgeExpiredVerifications(deps.db, cutoffs, limit),
    abandonedCheckouts: (cutoffs, limit) => purgeAbandonedCheckouts(deps.db, cutoffs, limit),
  };

  /** One pass: each kind in batches, up to `maxBatches` of each. `more` says a kind had more waiting. */
  async function runOnce(now = new Date()): Promise<{ deleted: PurgeCounts; more: boolean; uploads?: number }> {
    const cutoffs = purgeCutoffs(now, { mailRetentionDays: deps.mailRetentionDays });
    const deleted: PurgeCounts = { sentMail: 0, sessions: 0, verifications: 0, abandonedCheckouts: 0 };
    let more = false;
    for (const kind of Object.keys(purges) as PurgeKind[]) {
      for (let batch = 0; ; batch++) {
        if (batch === maxBatches) {
          more = true;
          break;
        }
        const count = await purges[kind](cutoffs, batchSize);
        deleted[kind] += count;
        if (count < batchSize) break;
      }
    }
    if (Object.values(deleted).some((count) => count > 0)) log.info({ deleted, more }, "housekeeping purged old rows");
    let uploads: number | undefined;
    if (deps.purgeUploads) {
      try {
        uploads = await deps.purgeUploads();
        if (uploads > 0) log.info({ uploads }, "housekeeping removed expired uploads");
      } catch (err) {
        log.error({ err }, "housekeeping could not remove expired uploads");
      }
    }
    const alerts = await deps.stockAlerts?.sweep(now);
    if (alerts && (alerts.released || alerts.purged))
      log.info({ stockAlerts: alerts }, "housekeeping swept stock alerts");
    return { deleted, more, uploads };
  }

  const task = periodicTask({
    name: "housekeeping pass",
    intervalMs,
    run: async () => (await runOnce()).more,
    logger: log,
  });

  return {
    runOnce,
    /** Runs a pass at once (start-up) and then every interval. */
    start: task.start,
    /** Waits for the pass in flight: a shutdown does not cut a batch in half. */
    stop: task.stop,
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
