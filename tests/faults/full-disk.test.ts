import { mkdtempSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { STORE_VERSION } from "../../server/version";
import { PUBLIC_URL } from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { killRunning, type Started, startStore } from "../helpers/process";
import { AUTH_SECRET, eventually } from "./store";

/**
 * Issue 22, point 7 (docs/faults.md, "The disk fills up"): DATA_DIR and the media folder are
 * real small file systems (tmpfs, 64 MB each, the media folder mounted inside DATA_DIR as a disk
 * of its own), mounted in a mount namespace of the store process alone (`unshare`: nothing is
 * left mounted on the machine, and no root is needed where user namespaces are allowed). The test
 * fills each through /proc/PID/root: /readyz answers 503 naming the folder and its free bytes,
 * and 200 again once the space is back, with one log line each way.
 */

const MIN_FREE_DISK_MB = 16;
const MB = 1024 * 1024;

let database: DatabaseHandle;
let store: Started;
let dataDir: string;

/** The store's folder as the test reaches it: inside the process's own mount namespace. */
const inStore = (folder: string) => `/proc/${store.child.pid}/root${folder}`;

/** Fills the file system of `folder` until `leaveMb` MB are left free; returns the file to remove. */
function fill(folder: string, leaveMb: number): string {
  const { bavail, bsize } = statfsSync(inStore(folder));
  const file = path.join(inStore(folder), "filler");
  writeFileSync(file, Buffer.alloc(Number(bavail) * Number(bsize) - leaveMb * MB));
  return file;
}

const readyz = async () => {
  const res = await fetch(`${store.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; reason?: string } };
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "store-full-disk-"));
  store = await startStore(
    {
      NODE_ENV: "test",
      DATABASE_URL: database.connectionString,
      DATA_DIR: dataDir,
      DEMO_DATA: "0",
      PUBLIC_URL,
      AUTH_SECRET,
      MIN_FREE_DISK_MB: String(MIN_FREE_DISK_MB),
    },
    undefined,
    undefined,
    [
      "unshare",
      "--user",
      "--map-root-user",
      "--mount",
      "sh",
      "-c",
      'mount -t tmpfs -o size=64m tmpfs "$1" && mkdir "$1/media" && mount -t tmpfs -o size=64m tmpfs "$1/media" && shift && exec "$@"',
      "sh",
      dataDir,
    ],
  );
});
afterAll(async () => {
  killRunning();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach((context) => {
  if (context.task.result?.state === "fail") console.log(store.output());
});

describe("a disk that fills up", () => {
  it("takes the instance out of the load balancer while DATA_DIR or the media folder is short of space", async () => {
    expect(store.child.exitCode, `the store did not start:\n${store.output()}`).toBeNull();
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready", version: STORE_VERSION } });

    // The media folder, a disk of its own, fills up: DATA_DIR still has room.
    const media = path.join(dataDir, "media");
    const mediaFiller = fill(media, 4);
    const low = await eventually(async () => {
      const answer = await readyz();
      return answer.status === 503 ? answer : undefined;
    }, "/readyz to report the media folder");
    expect(low.body.status).toBe("low disk space");
    expect(low.body.reason).toMatch(
      new RegExp(
        `^the media folder \\(${media}\\) has \\d+ bytes free \\([0-4]\\.\\d MB\\), less than MIN_FREE_DISK_MB=16$`,
      ),
    );
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);

    rmSync(mediaFiller);
    await eventually(async () => ((await readyz()).status === 200 ? true : undefined), "/readyz to recover");

    // DATA_DIR itself fills up.
    const dataFiller = fill(dataDir, 2);
    const full = await eventually(async () => {
      const answer = await readyz();
      return answer.status === 503 ? answer : undefined;
    }, "/readyz to report DATA_DIR");
    expect(full.body.reason).toMatch(new RegExp(`^DATA_DIR \\(${dataDir}\\) has \\d+ bytes free \\([0-2]\\.\\d MB\\)`));
    rmSync(dataFiller);

    // One line when the space ran short, one when it came back: not one per poll. (The pipe may
    // hand a line over a moment after the answer that followed it.)
    const count = (msg: string) =>
      store
        .output()
        .split("\n")
        .filter((line) => line.includes(`"msg":"${msg}"`)).length;
    await eventually(async () => (count("low disk space: not ready") >= 2 ? true : undefined), "the second warning");
    expect(count("low disk space: not ready")).toBe(2);
    expect(count("disk space back: ready")).toBe(1);
    expect(store.child.exitCode).toBeNull();
  });
});
