import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPostgres } from "../../server/db/client";
import { createEventsService, type EventsService } from "../../server/events/service";
import { watchForOtherInstances } from "../../server/events/instances";
import { createLogger } from "../../server/logger";
import { withDatabase } from "../helpers/database";

/**
 * Issue 22, point 8 (docs/deploy.md, section 6; decision 044): instances of the store on one
 * PostgreSQL database find each other through the live events' LISTEN/NOTIFY, and one that keeps
 * pictures in DATA_DIR/media (no S3) says at start-up that its uploads answer 404 on the others.
 * Several instances need PostgreSQL: the test makes its own database on TEST_DATABASE_URL's server,
 * or on this machine's (postgres://postgres@127.0.0.1:5432) when that is unset, and drops it after.
 */

const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const WARNING = "another instance of the store uses this database, and this one keeps pictures on its own disk";

let name: string;
const open: { database: DatabaseHandle; events: EventsService }[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One instance: its own pool and live events on the shared database, and the lines it logs. */
async function instance(images: "local" | "s3") {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const database = await openPostgres(withDatabase(PG_SERVER, name), { max: 2 });
  const events = createEventsService({ database, logger });
  open.push({ database, events });
  await watchForOtherInstances({
    events,
    localMediaDir: images === "local" ? "/srv/store/media" : undefined,
    logger,
  });
  return { id: events.instanceId, warnings: () => lines.filter((line) => String(line.msg).startsWith(WARNING)) };
}

/** Polls until `probe` holds; the notices travel through the database. */
async function eventually(probe: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  name = `store_instances_${randomBytes(5).toString("hex")}`;
  await admin(`create database ${name}`);
});
afterAll(async () => {
  for (const { database, events } of open.splice(0)) {
    await events.close();
    await database.close();
  }
  await admin(`drop database if exists ${name} with (force)`);
});

describe("several instances on one database without S3", () => {
  it("each instance that keeps pictures on its own disk warns, naming the other: the one that started first too", async () => {
    const first = await instance("local");
    const second = await instance("local");
    await eventually(() => second.warnings().length > 0, "the second instance's warning");
    await eventually(() => first.warnings().length > 0, "the first instance's warning");
    expect(second.warnings()).toEqual([
      expect.objectContaining({ level: 40, otherInstance: first.id, mediaDir: "/srv/store/media" }),
    ]);
    expect(first.warnings()).toEqual([expect.objectContaining({ level: 40, otherInstance: second.id })]);
    expect(first.id).not.toBe(second.id);
  });

  it("an instance with S3 does not warn; a newcomer without it still hears of it and warns", async () => {
    for (const { database, events } of open.splice(0)) {
      await events.close();
      await database.close();
    }
    const withS3 = await instance("s3");
    const local = await instance("local");
    // The newcomer learned of the S3 instance from its answer, sent after it had heard the newcomer.
    await eventually(() => local.warnings().length > 0, "the local instance's warning");
    expect(local.warnings()).toEqual([expect.objectContaining({ otherInstance: withS3.id })]);
    expect(withS3.warnings()).toEqual([]);
  });
});
