import { writeFileSync } from "node:fs";
import path from "node:path";
import { recordNewMigrations } from "../domain/migrations";
import { MANIFEST_FILE, MIGRATIONS_DIR, migrationFiles, readManifest } from "../server/db/migrate";

/**
 * `npm run db:record -- --rolling-upgrade=yes|no`: appends the migration files that
 * server/db/migrations/manifest.json does not list yet (after `npm run db:generate`, or a
 * migration written by hand) with their SHA-256 and the rolling-upgrade flag given; refuses,
 * writing nothing, when a shipped migration changed or went, or a new one sorts before a shipped
 * one. Whether a migration is rolling-safe: docs/architecture.md ("A table") and decision 041.
 */

const USAGE =
  "Usage: npm run db:record -- --rolling-upgrade=yes|no\n" +
  "  yes: instances of the previous release may keep running on the database once it is applied (it only adds what old code ignores)\n" +
  "  no:  they may not (a rename, a drop, a constraint old code could break, data old code would keep writing the old way)";

const flag = process.argv.slice(2).find((a) => a.startsWith("--rolling-upgrade="));
const answer = flag?.slice("--rolling-upgrade=".length);
if (process.argv.length !== 3 || (answer !== "yes" && answer !== "no")) {
  console.error(USAGE);
  process.exit(2);
}
const dir = MIGRATIONS_DIR;
try {
  const { manifest, added } = recordNewMigrations(readManifest(dir), migrationFiles(dir), answer === "yes");
  if (!added.length) {
    console.log(`Every migration in ${dir} is in ${MANIFEST_FILE} already: nothing recorded.`);
  } else {
    writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(
      `Recorded in ${MANIFEST_FILE} (rolling upgrade: ${answer === "yes" ? "safe" : "not safe"}): ${added.join(", ")}.`,
    );
    console.log("List it under the coming version in CHANGELOG.md, with the rolling-upgrade line its flags give.");
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
