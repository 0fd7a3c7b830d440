import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { type FakeS3, startFakeS3 } from "../fakes/s3";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import { withDatabase } from "./database";
import { freePort, killRunning, type Started, startStore } from "./process";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

/** TEST_DATABASE_URL's server, or this machine's: two instances need PostgreSQL. */
export const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** One query on its own connection (a database the test made, or the server's own). */
export async function adminQuery<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface TwoStores {
  s3: FakeS3;
  smtp: FakeSmtp;
  a: Started;
  b: Started;
  proxy: RoundRobinProxy;
  /** A query on the two instances' database. */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Stops the proxy and both instances, the fakes, and drops the database. */
  stop(): Promise<void>;
}

/**
 * Two instances of the built store behind a round-robin proxy (TRUST_PROXY set) on a PostgreSQL
 * database of their own, with a fake S3 for pictures and a fake SMTP server, started at once as a
 * deployment does (migrations run under an advisory lock). Needs `npm run build` first.
 */
export async function startTwoStores(options: {
  /** Names the database and the data folders ("two", "uploads"). */
  name: string;
  adminEmail: string;
  /** The client's address as the proxy reports it in X-Forwarded-For. */
  clientAddress: string;
  /** More settings for both instances (they win over the defaults here). */
  env?: Record<string, string>;
}): Promise<TwoStores> {
  const database = `store_${options.name}_${randomBytes(5).toString("hex")}`;
  await adminQuery(PG_SERVER, `create database ${database}`);
  const stores: Partial<TwoStores> = {};
  const stop = async () => {
    await stores.proxy?.stop();
    for (const instance of [stores.a, stores.b]) {
      if (instance?.child.exitCode === null) {
        instance.child.kill("SIGTERM");
        await instance.exited;
      }
    }
    killRunning();
    await Promise.all([stores.s3?.stop(), stores.smtp?.stop()]);
    await adminQuery(PG_SERVER, `drop database if exists ${database} with (force)`);
  };
  try {
    stores.s3 = await startFakeS3({ bucket: "images", accessKeyId: "ak" });
    stores.smtp = await startFakeSmtp();
    const proxyPort = await freePort();
    const shared = {
      DATABASE_URL: withDatabase(PG_SERVER, database),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      TRUST_PROXY: "loopback",
      ADMIN_EMAIL: options.adminEmail,
      SMTP_URL: stores.smtp.url,
      S3_BUCKET: "images",
      S3_ENDPOINT: stores.s3.url,
      S3_ACCESS_KEY_ID: "ak",
      S3_SECRET_ACCESS_KEY: "sk",
      S3_PUBLIC_URL: `${stores.s3.url}/images`,
      DEMO_DATA: "0",
      LOG_LEVEL: "warn",
      ...options.env,
    };
    const [a, b] = await Promise.all(
      ["a", "b"].map((instance) =>
        startStore({
          ...shared,
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `store-${options.name}-${instance}-`)),
        }),
      ),
    );
    Object.assign(stores, { a, b });
    for (const instance of [a, b]) expect(instance.child.exitCode, instance.output()).toBeNull();
    stores.proxy = await startRoundRobinProxy({
      port: proxyPort,
      upstreams: [
        { name: "A", url: a.url },
        { name: "B", url: b.url },
      ],
      clientAddress: options.clientAddress,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    ...(stores as Omit<TwoStores, "query" | "stop">),
    query: (text, values) => adminQuery(withDatabase(PG_SERVER, database), text, values),
    stop,
  };
}
