import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPglite, PGLITE_SHARED_BUFFERS } from "./client";

// PGlite's postgres reserves its shared buffers inside this process at open (decision 026).
describe("openPglite memory settings", () => {
  it.each([
    ["in memory", () => ({})],
    ["in a data folder", (dir: string) => ({ dataDir: path.join(dir, "pglite") })],
  ])("opens %s with the store's shared buffers, not PostgreSQL's 128 MB", async (_, options) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "threadline-client-"));
    const handle = await openPglite(options(dir));
    try {
      const session = await handle.session();
      const { rows } = await session.query("show shared_buffers");
      expect(PGLITE_SHARED_BUFFERS).toBe("8MB");
      expect(rows).toEqual([{ shared_buffers: "8MB" }]);
      // PGlite's own start parameters are kept (they come first; ours are appended).
      expect((await session.query("show max_parallel_workers")).rows).toEqual([{ max_parallel_workers: "0" }]);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
