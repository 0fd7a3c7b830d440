import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { readLastBackup } from "../backup/last-backup";
import { checkoutGauges } from "../checkouts/checkouts";
import type { Database, PoolStats } from "../db/client";
import type { Logger } from "../logger";
import { outboxGauges } from "../mail/outbox";
import { refundGauges } from "../orders/refund-records";

/**
 * What GET /metrics reports (docs/decisions/042-metrics.md, docs/deploy.md "What to alert on"),
 * with prom-client:
 * - the process (prom-client's default metrics: memory, CPU, event-loop lag, ...), once per process;
 * - this instance's requests, page cache, live streams, change notices and PostgreSQL pool,
 *   counted in memory;
 * - the shop's queues (outbox, checkouts, refunds), read from the database at each scrape by
 *   each table's own module through partial indexes; left out of a scrape whose database did
 *   not answer within DATABASE_TIMEOUT_MS (threadline_database_up says which);
 * - the age of the last recorded backup, when there is one (server/backup/last-backup.ts).
 */

/** A scrape waits this long for the database's figures, well inside Prometheus' default 10 s scrape timeout. */
export const DATABASE_TIMEOUT_MS = 2_000;

/** Seconds; from 5 ms (a cached page) to 10 s (a slow payment provider). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

let processRegistry: Registry | undefined;

/** prom-client's default metrics, in a registry of their own: they are the process's, whatever apps it runs (tests run many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  db: Pick<Database, "select">;
  /** PostgreSQL's pool now; absent on the embedded database, which has none. */
  pool?: () => PoolStats;
  /** Live-update streams open on this instance. */
  liveStreams: () => number;
  /** Whether this instance hears every change notice (PostgreSQL LISTEN connected; always on the embedded database). */
  hearsAllNotices: () => boolean;
  dataDir: string;
  logger: Logger;
  databaseTimeoutMs?: number;
}

export interface StoreMetrics {
  /** One answered request: its method, route template, status and seconds until its answer. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A request the visitor page cache was asked about: answered from it, or rendered. */
  pageCache(result: "hit" | "miss"): void;
  /** Every metric in Prometheus' text format. A database that does not answer leaves its figures out; it never fails the scrape. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

interface DatabaseFigures {
  outbox: Awaited<ReturnType<typeof outboxGauges>>;
  checkouts: Awaited<ReturnType<typeof checkoutGauges>>;
  refunds: Awaited<ReturnType<typeof refundGauges>>;
}

/** The promise's value, or undefined when it fails or takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createStoreMetrics(sources: MetricsSources): StoreMetrics {
  const log = sources.logger.child({ component: "metrics" });
  const timeoutMs = sources.databaseTimeoutMs ?? DATABASE_TIMEOUT_MS;
  const store = new Registry();
  /** Only in a scrape whose database answered. */
  const fromDatabase = new Registry();
  /** Only once a backup was recorded. */
  const backups = new Registry();

  const requests = new Counter({
    name: "threadline_http_requests_total",
    help: "HTTP requests answered, by method, route template (never the raw path) and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [store],
  });
  const latency = new Histogram({
    name: "threadline_http_request_duration_seconds",
    help: "Seconds from a request's arrival to its answer (a streamed body may go on after), by method, route template and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [store],
  });
  const pageCache = new Counter({
    name: "threadline_page_cache_requests_total",
    help: "Requests for a page the visitor page cache may keep (decision 024): hit, answered from it; miss, rendered.",
    labelNames: ["result"] as const,
    registers: [store],
  });
  pageCache.inc({ result: "hit" }, 0);
  pageCache.inc({ result: "miss" }, 0);
  new Gauge({
    name: "threadline_live_streams_open",
    help: "Live-update streams (GET /api/events) open on this instance.",
    registers: [store],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: "threadline_change_notices_connected",
    help: "1 when this instance hears every change notice (PostgreSQL LISTEN connected; always on the embedded database); 0 while it does not, and its caches are bypassed.",
    registers: [store],
    collect() {
      this.set(sources.hearsAllNotices() ? 1 : 0);
    },
  });
  const databaseUp = new Gauge({
    name: "threadline_database_up",
    help: `1 when the database answered this scrape's queries within ${timeoutMs / 1000} s, else 0 (and the figures read from it are left out).`,
    registers: [store],
  });
  const pool = sources.pool
    ? {
        connections: new Gauge({
          name: "threadline_database_pool_connections",
          help: "PostgreSQL connections of this instance's pool: in_use by a query or transaction, idle.",
          labelNames: ["state"] as const,
          registers: [store],
        }),
        waiting: new Gauge({
          name: "threadline_database_pool_waiting",
          help: "Queries of this instance waiting for a free PostgreSQL connection.",
          registers: [store],
        }),
        max: new Gauge({
          name: "threadline_database_pool_max",
          help: "The size of this instance's PostgreSQL pool (DATABASE_POOL_SIZE).",
          registers: [store],
        }),
      }
    : undefined;

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [fromDatabase] });
  const outboxQueued = gauge(
    "threadline_mail_outbox_queued",
    "E-mails waiting in the outbox to be sent (due, or waiting for a retry).",
  );
  const outboxOldest = gauge(
    "threadline_mail_outbox_oldest_queued_age_seconds",
    "Seconds the oldest e-mail still to be sent has waited since it was queued; 0 when none waits.",
  );
  const mailGivenUp = gauge(
    "threadline_mail_given_up",
    "E-mails the mail worker gave up on after its last attempt, kept 30 days for the administrator's Mail tab.",
  );
  const checkoutsOpen = gauge(
    "threadline_checkouts_open",
    "Checkouts whose payment started and is not settled yet (pending).",
  );
  const checkoutsHolding = gauge(
    "threadline_checkouts_holding_stock",
    "Open checkouts whose PayPal capture holds the stock it is about to sell.",
  );
  const refundsPending = gauge(
    "threadline_refunds_pending",
    "Refunds asked of the payment provider whose outcome is not recorded yet.",
  );
  const refundsOldest = gauge(
    "threadline_refunds_pending_oldest_age_seconds",
    "Seconds the oldest pending refund has waited; 0 when none is pending.",
  );
  const backupAge = new Gauge({
    name: "threadline_backup_age_seconds",
    help: "Seconds since the database was copied by the last backup `npm run store -- backup` wrote and checked (DATA_DIR/last-backup.json); absent when none was recorded.",
    registers: [backups],
  });

  /** One reading at a time: scrapes that overlap share it, and a hung database never piles up queries. */
  let reading: Promise<DatabaseFigures> | undefined;
  function readDatabase(): Promise<DatabaseFigures> {
    reading ??= (async () => ({
      // One after the other: a scrape holds at most one pool connection.
      outbox: await outboxGauges(sources.db),
      checkouts: await checkoutGauges(sources.db),
      refunds: await refundGauges(sources.db),
    }))()
      .catch((error) => {
        log.debug({ err: error }, "the database's figures could not be read");
        throw error;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  return {
    contentType: store.contentType,
    observeRequest(method, route, status, seconds) {
      const verb = METHODS.has(method) ? method : "other";
      requests.inc({ method: verb, route, status: String(status) });
      latency.observe({ method: verb, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    },
    pageCache(result) {
      pageCache.inc({ result });
    },
    async scrape() {
      if (pool && sources.pool) {
        const stats = sources.pool();
        pool.connections.set({ state: "in_use" }, stats.total - stats.idle);
        pool.connections.set({ state: "idle" }, stats.idle);
        pool.waiting.set(stats.waiting);
        pool.max.set(stats.max);
      }
      const [figures, backup] = await Promise.all([within(readDatabase(), timeoutMs), readLastBackup(sources.dataDir)]);
      databaseUp.set(figures ? 1 : 0);
      if (figures) {
        outboxQueued.set(figures.outbox.queued);
        outboxOldest.set(figures.outbox.oldestQueuedSeconds);
        mailGivenUp.set(figures.outbox.givenUp);
        checkoutsOpen.set(figures.checkouts.open);
        checkoutsHolding.set(figures.checkouts.holdingStock);
        refundsPending.set(figures.refunds.pending);
        refundsOldest.set(figures.refunds.oldestPendingSeconds);
      }
      if (backup) backupAge.set(Math.max(0, (Date.now() - Date.parse(backup.createdAt)) / 1000));
      const parts = [await processMetrics().metrics(), await store.metrics()];
      if (figures) parts.push(await fromDatabase.metrics());
      if (backup) parts.push(await backups.metrics());
      return `${parts.map((part) => part.trimEnd()).join("\n\n")}\n`;
    },
  };
}
