import { InvalidInputError } from "./errors";
import { z } from "./zod";

/**
 * The rules of the store's database migrations over time (docs/decisions/041-migration-manifest-and-versions.md):
 * which files were shipped (`server/db/migrations/manifest.json`, each file's name, SHA-256 and
 * whether it is rolling-safe), what a database has against them, when a store refuses to start or
 * to migrate, and what CHANGELOG.md says of a version. Pure: server/db/migrate.ts reads the files
 * and the database, and applies.
 */

/** One shipped migration as the manifest lists it. */
export interface ManifestEntry {
  /** The file's name, `0013_partial_cancellations.sql`. */
  name: string;
  /** SHA-256 of the file's bytes, lower-case hex. */
  sha256: string;
  /**
   * Whether instances of the release before this migration may keep running on the database
   * after it is applied (a rolling upgrade). False when the older code would break on it or
   * break a rule the migration brings (a renamed column, a constraint it could violate, data it
   * would keep writing the old way).
   */
  rollingUpgrade: boolean;
}

export interface Manifest {
  migrations: ManifestEntry[];
}

/** A migration file on disk. */
export interface MigrationFile {
  name: string;
  sha256: string;
}

/** How a developer adds a new migration file to the manifest (package.json's `db:record`). */
export const RECORD_COMMAND = "npm run db:record -- --rolling-upgrade=yes";

const manifestSchema = z.object({
  migrations: z.array(
    z
      .object({
        name: z.string().regex(/^\d{4}_[a-z0-9_]+\.sql$/, "a file name such as 0014_some_change.sql"),
        sha256: z.string().regex(/^[0-9a-f]{64}$/, "64 lower-case hexadecimal digits"),
        rollingUpgrade: z.boolean("true or false"),
      })
      .strict(),
  ),
});

/** The manifest in `json` (parsed JSON), or an error naming the field that is wrong. */
export function parseManifest(json: unknown): Manifest {
  const parsed = manifestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new InvalidInputError(`manifest.json: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
}

type ProblemKind = "order" | "removed" | "changed" | "early" | "unlisted";

/** What is wrong between the manifest and the migration files beside it; none when they agree. */
export function manifestProblems(manifest: Manifest, files: readonly MigrationFile[]): string[] {
  return problemsOf(manifest, files).map((p) => p.message);
}

function problemsOf(manifest: Manifest, files: readonly MigrationFile[]): { kind: ProblemKind; message: string }[] {
  const problems: { kind: ProblemKind; message: string }[] = [];
  const add = (kind: ProblemKind, message: string) => problems.push({ kind, message });
  const entries = manifest.migrations;
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].name <= entries[i - 1].name)
      add(
        "order",
        `manifest.json lists ${entries[i].name} after ${entries[i - 1].name}: entries are in name order, each once.`,
      );
  }
  const onDisk = new Map(files.map((f) => [f.name, f.sha256]));
  const listed = new Map(entries.map((e) => [e.name, e.sha256]));
  const newestShipped = entries.reduce<string | undefined>(
    (newest, e) => (!newest || e.name > newest ? e.name : newest),
    undefined,
  );
  for (const entry of entries) {
    const actual = onDisk.get(entry.name);
    if (actual === undefined)
      add("removed", `${entry.name} is in manifest.json but not on disk: shipped migrations are never removed.`);
    else if (actual !== entry.sha256)
      add(
        "changed",
        `${entry.name} is not the file that was shipped (manifest.json has SHA-256 ${entry.sha256}, the file ${actual}): ` +
          "shipped migrations never change: undo the edit and put the change in a new migration.",
      );
  }
  for (const f of [...files].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (listed.has(f.name)) continue;
    if (newestShipped && f.name < newestShipped) {
      const after = entries.find((e) => e.name > f.name)?.name ?? newestShipped;
      add(
        "early",
        `${f.name} sorts before ${after}, which was shipped: give it a number after the newest (${newestShipped}), ` +
          "since databases that have the shipped ones would apply it out of order.",
      );
    } else
      add(
        "unlisted",
        `${f.name} is not in manifest.json: record it with \`${RECORD_COMMAND}\` or \`=no\` ` +
          '(whether the previous release may keep running on the database once it is applied; docs/architecture.md, "A table").',
      );
  }
  return problems;
}

/**
 * The manifest with the files it does not list yet appended, in name order, each with
 * `rollingUpgrade`; the manifest given is not changed. Refuses (InvalidInputError, every problem
 * named) when a shipped file changed or went, or a new one sorts before a shipped one.
 */
export function recordNewMigrations(
  manifest: Manifest,
  files: readonly MigrationFile[],
  rollingUpgrade: boolean,
): { manifest: Manifest; added: string[] } {
  const listed = new Set(manifest.migrations.map((e) => e.name));
  const fresh = files.filter((f) => !listed.has(f.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  // New files that sort before a shipped one are found against the manifest as it is; the other
  // problems (a shipped file changed or gone) against the manifest that would be written.
  const early = problemsOf(manifest, files)
    .filter((p) => p.kind === "early")
    .map((p) => p.message);
  const next: Manifest = {
    migrations: [...manifest.migrations, ...fresh.map((f) => ({ name: f.name, sha256: f.sha256, rollingUpgrade }))],
  };
  const problems = early.length ? early : manifestProblems(next, files);
  if (problems.length) throw new InvalidInputError(`Nothing was recorded:\n- ${problems.join("\n- ")}`);
  if (!fresh.length) return { manifest, added: [] };
  return { manifest: next, added: fresh.map((f) => f.name) };
}

/** A migration this version of the store ships: its name without `.sql`. */
export interface KnownMigration {
  name: string;
  sha256: string;
  rollingUpgrade: boolean;
}

/** A row of the database's `schema_migrations`. Rows written before the manifest have no checksum or version. */
export interface RecordedMigration {
  name: string;
  checksum: string | null;
  /** The store version that applied it. */
  storeVersion: string | null;
}

export interface MigrationPlan<M extends KnownMigration = KnownMigration> {
  /** Recorded and known, in the code's order. */
  applied: string[];
  /** Known and not recorded, in order: what a start applies. */
  pending: M[];
  /** Recorded without a checksum (before the manifest): the manifest's is recorded for them. */
  checksumsToFill: { name: string; sha256: string }[];
  /** Recorded, but not a migration of this version. */
  unknown: RecordedMigration[];
  /** Recorded with a checksum other than this version's file. */
  changed: { name: string; recorded: string; expected: string }[];
  /** A pending migration that sorts before one already applied. */
  outOfOrder: { pending: string; applied: string }[];
}

/** Where a database stands against the migrations `known` (in order) of this version. */
export function planMigrations<M extends KnownMigration>(
  known: readonly M[],
  recorded: readonly RecordedMigration[],
): MigrationPlan<M> {
  const rows = new Map(recorded.map((r) => [r.name, r]));
  const names = new Set(known.map((m) => m.name));
  const plan: MigrationPlan<M> = {
    applied: [],
    pending: [],
    checksumsToFill: [],
    unknown: [],
    changed: [],
    outOfOrder: [],
  };
  for (const migration of known) {
    const row = rows.get(migration.name);
    if (!row) {
      plan.pending.push(migration);
      continue;
    }
    plan.applied.push(migration.name);
    if (row.checksum === null) plan.checksumsToFill.push({ name: migration.name, sha256: migration.sha256 });
    else if (row.checksum !== migration.sha256)
      plan.changed.push({ name: migration.name, recorded: row.checksum, expected: migration.sha256 });
  }
  plan.unknown = [...recorded].filter((r) => !names.has(r.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  const newestApplied = plan.applied.at(-1);
  for (const migration of plan.pending) {
    if (newestApplied && migration.name < newestApplied)
      plan.outOfOrder.push({ pending: migration.name, applied: newestApplied });
  }
  return plan;
}

const UNSUPPORTED =
  "Such databases are not supported (docs/deploy.md, Upgrades): restore a backup into a new database, or start from an empty one. Nothing was changed.";

/**
 * Why this version must not start on (or migrate) a database in the state `plan` found, or
 * undefined when it may. `code` is this version and its migrations, in order.
 */
export function databaseRefusal(
  plan: MigrationPlan,
  code: { version: string; migrations: readonly KnownMigration[] },
): string | undefined {
  const newest = code.migrations.at(-1)?.name ?? "(none)";
  const newer = plan.unknown.filter((r) => r.name > newest);
  if (newer.length) {
    const last = newer[newer.length - 1];
    const by = last.storeVersion;
    return (
      `This database was migrated by a newer version of the store (${by ? `${by}; its` : "its"} newest migration is ${last.name}). ` +
      `This is version ${code.version}, whose newest migration is ${newest}, and it does not know ${newer.map((r) => r.name).join(", ")}. ` +
      `Start ${by ? `version ${by} or later` : "the version that migrated it or a later one"}, or restore a backup made before the upgrade. Nothing was changed.`
    );
  }
  if (plan.unknown.length) {
    const list = plan.unknown.map((r) => r.name);
    return (
      `This database has migration${list.length > 1 ? "s" : ""} ${list.join(", ")}, which version ${code.version} does not have ` +
      `(its newest migration is ${newest}): it was made by a development build from before the migration manifest, ` +
      `whose migrations were numbered differently. ${UNSUPPORTED}`
    );
  }
  if (plan.changed.length) {
    const { name, recorded, expected } = plan.changed[0];
    return (
      `Migration ${name} was applied from a file with SHA-256 ${recorded}, but version ${code.version} ships it with SHA-256 ${expected}. ` +
      `Shipped migrations never change, so this database and this version disagree about what ${name} did: ` +
      "start the build that migrated it, or restore a backup into a new database. Nothing was changed."
    );
  }
  if (plan.outOfOrder.length) {
    const missing = plan.outOfOrder.map((o) => o.pending);
    return (
      `This database has ${plan.outOfOrder[0].applied} but not ${missing.join(", ")}, which come${missing.length > 1 ? "" : "s"} before it: ` +
      `it was made by a development build from before the migration manifest, whose migrations came in another order. ${UNSUPPORTED}`
    );
  }
  return undefined;
}

/** The PostgreSQL `application_name` of a store's connections: says which version is connected. */
export function applicationNameOf(version: string): string {
  return `threadline/${version}`;
}

/** A client connection to the database, as pg_stat_activity shows it. */
export interface DatabaseConnection {
  applicationName: string;
  /** Null for a local socket, or when the database user may not see it. */
  clientAddress: string | null;
  backendStart: string | null;
}

/** The connections that may belong to an older store: all but those of this version (`ownApplicationName`). */
export function blockingConnections<C extends DatabaseConnection>(
  connections: readonly C[],
  ownApplicationName: string,
): C[] {
  return connections.filter((c) => c.applicationName !== ownApplicationName);
}

/**
 * Why the pending migrations must not be applied now, or undefined: one of them is not
 * rolling-safe and other connections (an older store, or anything else that is not this
 * version) are open on the database.
 */
export function rollingUpgradeRefusal(
  pending: readonly KnownMigration[],
  others: readonly DatabaseConnection[],
  version: string,
): string | undefined {
  const unsafe = pending.filter((m) => !m.rollingUpgrade);
  if (!unsafe.length || !others.length) return undefined;
  const names = unsafe.map((m) => m.name);
  const connections = others
    .map(
      (c) =>
        `${c.applicationName || "(no application name)"} from ${c.clientAddress ?? "(address not shown)"} since ${c.backendStart ?? "(unknown)"}`,
    )
    .join("; ");
  return (
    `Migration${names.length > 1 ? "s" : ""} ${names.join(", ")} cannot be applied while instances of an older version may be using the database: ` +
    "older instances would keep running on a schema they do not know (CHANGELOG.md says which upgrades are rolling-safe). " +
    `Other connections to this database now: ${connections}. ` +
    `Stop every instance, then start this one (version ${version}). Nothing was applied.`
  );
}

/** CHANGELOG.md's line for a version whose new migrations are `added`. */
export function rollingUpgradeLine(added: readonly { rollingUpgrade: boolean }[]): string {
  return added.every((m) => m.rollingUpgrade)
    ? "Rolling upgrade from the previous version: safe"
    : "Rolling upgrade from the previous version: not safe — stop every instance, migrate, start";
}

/**
 * Migrations from this one on create their indexes idempotently (decision 041): each migration
 * runs in its own transaction, so a failing one leaves nothing behind; `IF NOT EXISTS` also makes
 * an index that an operator made by hand (say, concurrently, ahead of an upgrade) no obstacle.
 * The shipped ones before it never change.
 */
export const IDEMPOTENT_INDEXES_FROM = "0014";

/**
 * The statements of a migration's SQL that would break its rules: an index made without
 * `IF NOT EXISTS`, or `CONCURRENTLY` (which PostgreSQL refuses inside the migration's transaction).
 */
export function migrationSqlProblems(sql: string): string[] {
  const withoutComments = sql.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*?\*\//g, "");
  const problems: string[] = [];
  for (const match of withoutComments.matchAll(/\bcreate\s+(?:unique\s+)?index\b[^;]*/gi)) {
    const statement = match[0].replace(/\s+/g, " ").trim();
    if (/\bconcurrently\b/i.test(statement))
      problems.push(`${statement}: CONCURRENTLY cannot run inside the migration's transaction`);
    else if (!/\bif\s+not\s+exists\b/i.test(statement))
      problems.push(`${statement}: write CREATE INDEX IF NOT EXISTS, so running it again changes nothing`);
  }
  return problems;
}
