import { createHash } from "node:crypto";
import {
  copyFileSync,
  createReadStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { InvalidInputError } from "../../domain/errors";
import { acquireEmbeddedLock } from "../db/embedded-lock";
import { privateFile } from "../private-files";
import { type DatabaseHandle, loadPglite, PGLITE_EXTENSIONS } from "../db/client";
import { readMigrations } from "../db/migrate";

/**
 * Backups of the embedded store (docs/command-line.md, docs/decisions/028-command-line-and-backups.md):
 * one .tar.gz holding
 *   manifest.json   what the backup is (format, time, migrations, whether the images are in it)
 *   database.tar    the PGlite folder as PGlite's own dumpDataDir writes it
 *   media/          the images (DATA_DIR/media), unless they live in S3
 *   auth-secret     the generated signing secret, when AUTH_SECRET is not set, so sessions stay valid
 * The database and the images are of one moment: the images are hard-linked while no
 * transaction may run, right after the database copy, so every image the database names is
 * in the backup even if it is deleted a moment later.
 */

export const BACKUP_FORMAT = "threadline-backup";
export const BACKUP_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE = "database.tar";
const MEDIA = "media";
const SECRET = "auth-secret";

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The migrations applied to the database when it was copied. */
  migrations: string[];
  database: { file: typeof DATABASE; bytes: number; sha256: string; pgliteVersion?: string };
  /** "included": DATA_DIR/media is in the archive; "s3": the images are in the S3 bucket, not here. */
  media: "included" | "s3";
  mediaFiles: number;
  authSecret: boolean;
}

/** What a backup holds, as checked by loading its database. */
export interface BackupSummary {
  manifest: BackupManifest;
  counts: { products: number; users: number; sessions: number; orders: number; mediaFiles: number };
}

export interface BackupSource {
  database: DatabaseHandle;
  dataDir: string;
  /** DATA_DIR/media, or undefined when images are in S3. */
  mediaDir?: string;
}

/** Hard links of every file under `from` (copies where a link cannot be made), synchronously. */
function linkTree(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return 0;
  let files = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) files += linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
      files++;
    }
  }
  return files;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, entry) => n + (entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : entry.isFile() ? 1 : 0),
    0,
  );
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

function pgliteVersion(): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(new URL(import.meta.resolve("@electric-sql/pglite/package.json")), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a backup of a running or stopped embedded store to `file` (written as `file.partial`
 * and renamed when complete). Works on the open database: the store keeps serving while the
 * copy is taken; only the moment of the copy itself holds its transactions back.
 */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  if (!source.database.snapshot)
    throw new InvalidInputError(
      "backup copies the embedded database only; see docs/command-line.md for PostgreSQL (pg_dump)",
    );
  // Read before the copy: migrations run only at a start, never while a store serves.
  const session = await source.database.session();
  let migrations: string[];
  try {
    migrations = (await session.query("select name from schema_migrations order by name")).rows.map((r) =>
      String(r.name),
    );
  } finally {
    session.release();
  }
  const staging = mkdtempSync(path.join(source.dataDir, ".backup-"));
  try {
    let mediaFiles = 0;
    const tarBlob = await source.database.snapshot(() => {
      if (source.mediaDir) mediaFiles = linkTree(source.mediaDir, path.join(staging, MEDIA));
    });
    const databaseFile = path.join(staging, DATABASE);
    writeFileSync(databaseFile, Buffer.from(await tarBlob.arrayBuffer()));
    const secretFile = path.join(source.dataDir, SECRET);
    const authSecret = existsSync(secretFile);
    if (authSecret) copyFileSync(secretFile, path.join(staging, SECRET));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      database: {
        file: DATABASE,
        bytes: statSync(databaseFile).size,
        sha256: await sha256(databaseFile),
        pgliteVersion: pgliteVersion(),
      },
      media: source.mediaDir ? "included" : "s3",
      mediaFiles,
      authSecret,
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST, DATABASE, ...(authSecret ? [SECRET] : []), ...(source.mediaDir ? [MEDIA] : [])];
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, cwd: staging, file: partial, portable: true }, entries);
    privateFile(partial);
    renameSync(partial, file);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const refuse = (file: string, why: string) => new InvalidInputError(`${file} is not a usable backup: ${why}`);

/** Unpacks a backup into `dir` (only the entries a backup has) and checks it; nothing else is touched. */
async function unpack(file: string, dir: string): Promise<{ manifest: BackupManifest; database: Buffer }> {
  if (!existsSync(file)) throw new InvalidInputError(`${file} does not exist`);
  const allowed = (entry: string) => {
    const name = entry.replace(/^\.\//, "");
    return name === MANIFEST || name === DATABASE || name === SECRET || name === MEDIA || name.startsWith(`${MEDIA}/`);
  };
  try {
    // Plain files and folders only: a link in a backup could point the store's images outside DATA_DIR.
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      filter: (entry, stat) =>
        allowed(entry) && (!("type" in stat) || stat.type === "File" || stat.type === "Directory"),
    });
  } catch (error) {
    throw refuse(file, `it could not be unpacked as a .tar.gz (${(error as Error).message})`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8"));
  } catch {
    throw refuse(file, `it has no readable ${MANIFEST}`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw refuse(file, "it is not a Threadline backup");
  if (manifest.version !== BACKUP_VERSION)
    throw refuse(file, `its format version ${manifest.version} is not ${BACKUP_VERSION}`);
  const databaseFile = path.join(dir, DATABASE);
  if (!existsSync(databaseFile)) throw refuse(file, `${DATABASE} is missing`);
  if ((await sha256(databaseFile)) !== manifest.database.sha256)
    throw refuse(file, `${DATABASE} is damaged (its checksum differs)`);
  const known = new Set(readMigrations().map((m) => m.name));
  const newer = manifest.migrations.filter((name) => !known.has(name));
  if (newer.length)
    throw refuse(
      file,
      `it was made by a newer version of the store (migrations ${newer.join(", ")}); restore it with that version`,
    );
  if (manifest.media === "included" && !existsSync(path.join(dir, MEDIA)))
    throw refuse(file, "its images (media/) are missing");
  if (manifest.authSecret && !existsSync(path.join(dir, SECRET))) throw refuse(file, `${SECRET} is missing`);
  return { manifest, database: readFileSync(databaseFile) };
}

/** Loads the unpacked database in memory and counts what it holds; checks every local image it names is there. */
async function inspect(file: string, dir: string, manifest: BackupManifest, database: Buffer): Promise<BackupSummary> {
  const { PGlite } = await loadPglite();
  let client: PGlite;
  try {
    client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(database)]), extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    throw refuse(file, `its database does not open (${(error as Error).message})`);
  }
  try {
    const count = async (table: string) =>
      Number((await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n);
    const counts = {
      products: await count("products"),
      users: await count("users"),
      sessions: await count("sessions"),
      orders: await count("orders"),
      mediaFiles: countFiles(path.join(dir, MEDIA)),
    };
    if (manifest.media === "included") {
      const { rows } = await client.query<{ url: string }>("select distinct unnest(image_urls) as url from products");
      const missing = rows
        .map((r) => r.url)
        .filter((url) => url.startsWith("/media/"))
        .filter((url) => !hasVariant(dir, url));
      if (missing.length) throw refuse(file, `images the products name are missing: ${missing.slice(0, 5).join(", ")}`);
    }
    return { manifest, counts };
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    throw refuse(file, `its database could not be read (${(error as Error).message})`);
  } finally {
    await client.close();
  }
}

/** Whether any stored variant of an image address (`{key}-{width}.webp`) is in the unpacked media folder. */
function hasVariant(dir: string, url: string): boolean {
  const key = url.slice("/media/".length);
  const folder = path.join(dir, MEDIA, path.dirname(key));
  const base = path.basename(key);
  return (
    existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${base}-`) && name.endsWith(".webp"))
  );
}

/** Checks a backup file without changing anything: unpacks it to a temporary folder under `scratch` and loads its database. */
export async function checkBackup(file: string, scratch: string): Promise<BackupSummary> {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(path.join(scratch, ".check-"));
  try {
    const { manifest, database } = await unpack(file, dir);
    return await inspect(file, dir, manifest, database);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces the embedded store in `dataDir` with a backup. Refuses while a store runs on it
 * (the database lock is held throughout), checks the whole file first, builds the new
 * database folder beside the old one, then swaps the folders by renaming (each rename is
 * atomic; a failed swap puts the old ones back). The replaced data is removed at the end.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupSummary> {
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireEmbeddedLock(path.join(dataDir, "pglite.lock"));
  const staging = mkdtempSync(path.join(dataDir, ".restore-"));
  const replaced = path.join(staging, "replaced");
  try {
    const unpacked = path.join(staging, "backup");
    mkdirSync(unpacked);
    const { manifest, database } = await unpack(file, unpacked);
    const summary = await inspect(file, unpacked, manifest, database);
    // The database folder, made by PGlite from the dump, as the store will open it.
    const { PGlite } = await loadPglite();
    const client = await PGlite.create({
      dataDir: path.join(unpacked, "pglite"),
      loadDataDir: new Blob([new Uint8Array(database)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await client.close();

    const swapped = [
      "pglite",
      ...(manifest.media === "included" ? [MEDIA] : []),
      ...(manifest.authSecret ? [SECRET] : []),
    ];
    mkdirSync(replaced);
    const done: string[] = [];
    try {
      for (const name of swapped) {
        const current = path.join(dataDir, name);
        if (existsSync(current)) renameSync(current, path.join(replaced, name));
        renameSync(path.join(unpacked, name), current);
        done.push(name);
      }
    } catch (error) {
      for (const name of [...done].reverse()) {
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
      }
      for (const name of swapped) {
        const old = path.join(replaced, name);
        if (existsSync(old) && !existsSync(path.join(dataDir, name))) renameSync(old, path.join(dataDir, name));
      }
      throw error;
    }
    return summary;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
