import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres, PGLITE_EXTENSIONS, wrapPglite } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { templateDatabase, withDatabase } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A new PGlite cluster before any migration (createEmptyDatabase starts from a copy of it). */
    pgliteEmptyTemplate: string;
    pgliteDataDirTemplate: string;
    /** The PostgreSQL template database of this run (with TEST_DATABASE_URL), or "". */
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per test run; each test file starts from a copy of it
 * (see createTestDatabase), so files are isolated and nobody pays for migrations twice. Tests of
 * the store process and the command line copy an on-disk copy of it into their DATA_DIR
 * (migratedDataDir) unless they test the first start itself.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  // The new cluster as it is before any migration, for the tests that migrate an empty database: a
  // copy loads in a fraction of the time a new cluster takes (initdb in WebAssembly, 15 to 55 s of a
  // test's 30 s on a busy machine), so they pay for it once per run, here, and not once per test.
  const emptyFile = path.join(dir, "empty.tar");
  writeFileSync(emptyFile, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  project.provide("pgliteEmptyTemplate", emptyFile);
  await migrate(await wrapPglite(client));
  // Uncompressed (41 MB against 5 MB): each test file loads it, and skipping the gunzip makes that
  // about 0.25 s faster per file on this machine.
  const dump = await client.dumpDataDir("none");
  await client.close();
  const templateFile = path.join(dir, "template.tar");
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", templateFile);
  // The same database as an embedded store keeps it on disk (DATA_DIR/pglite), for tests that run the
  // store or its command line on a DATA_DIR and do not test the first start (migratedDataDir).
  const dataDirTemplate = path.join(dir, "pglite");
  const onDisk = await openPglite({ dataDir: dataDirTemplate, loadDataDir: dump });
  await onDisk.close();
  project.provide("pgliteDataDirTemplate", dataDirTemplate);

  const url = process.env.TEST_DATABASE_URL;
  project.provide("postgresTemplate", "");
  let dropTemplate = async () => {};
  if (url) {
    const templateDb = templateDatabase(url, `${process.pid}_${randomBytes(3).toString("hex")}`);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb} with (force)`);
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const template = await openPostgres(withDatabase(url, templateDb), { max: 1 });
    await migrate(template);
    await template.close();
    project.provide("postgresTemplate", templateDb);
    dropTemplate = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${templateDb} with (force)`);
      await admin.end();
    };
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
