import { describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger";
import { createDiskSpaceCheck, type DiskSpaceIo } from "./free-space";

const MB = 1024 * 1024;

/** A file system of the test's making: free bytes and device per folder, changed at will; counts the reads. */
function fakeDisks(folders: Record<string, { free: number; device: number }>) {
  const io: DiskSpaceIo = {
    statfs: vi.fn(async (folder: string) => {
      const disk = folders[folder];
      if (!disk) throw Object.assign(new Error(`ENOENT: ${folder}`), { code: "ENOENT" });
      return { bavail: disk.free / 4096, bsize: 4096 };
    }),
    device: vi.fn(async (folder: string) => {
      const disk = folders[folder];
      if (!disk) throw Object.assign(new Error(`ENOENT: ${folder}`), { code: "ENOENT" });
      return disk.device;
    }),
  };
  return { io, folders };
}

function fakeLogger() {
  const warn = vi.fn();
  const info = vi.fn();
  return { logger: { warn, info } as unknown as Logger, warn, info };
}

describe("the free disk space check of /readyz", () => {
  it("reads DATA_DIR, and the media folder only when it is on another file system", async () => {
    const { io } = fakeDisks({ "/data": { free: 300 * MB, device: 1 }, "/data/media": { free: 300 * MB, device: 1 } });
    const check = createDiskSpaceCheck({ dataDir: "/data", mediaDir: "/data/media", minFreeMb: 256, io });
    expect(await check.problem()).toBeUndefined();
    expect(vi.mocked(io.statfs).mock.calls.map(([folder]) => folder)).toEqual(["/data"]);

    const elsewhere = fakeDisks({ "/data": { free: 300 * MB, device: 1 }, "/data/media": { free: 2 * MB, device: 2 } });
    const mounted = createDiskSpaceCheck({
      dataDir: "/data",
      mediaDir: "/data/media",
      minFreeMb: 256,
      io: elsewhere.io,
    });
    expect(await mounted.problem()).toBe(
      "the media folder (/data/media) has 2097152 bytes free (2.0 MB), less than MIN_FREE_DISK_MB=256",
    );
  });

  it("keeps a reading for a few seconds, so a load balancer's polling costs one statfs per interval", async () => {
    let now = 1_000_000;
    const { io, folders } = fakeDisks({ "/data": { free: 300 * MB, device: 1 } });
    const check = createDiskSpaceCheck({ dataDir: "/data", minFreeMb: 256, io, maxAgeMs: 5_000, now: () => now });
    await Promise.all([check.problem(), check.problem(), check.problem()]);
    expect(io.statfs).toHaveBeenCalledTimes(1);
    folders["/data"].free = 10 * MB;
    now += 4_999;
    expect(await check.problem()).toBeUndefined();
    expect(io.statfs).toHaveBeenCalledTimes(1);
    now += 1;
    expect(await check.problem()).toMatch(/^DATA_DIR \(\/data\) has 10485760 bytes free/);
    expect(io.statfs).toHaveBeenCalledTimes(2);
  });

  it("logs once when the space runs low and once when it is back, not on every poll", async () => {
    let now = 0;
    const { io, folders } = fakeDisks({ "/data": { free: 300 * MB, device: 1 } });
    const { logger, warn, info } = fakeLogger();
    const check = createDiskSpaceCheck({ dataDir: "/data", minFreeMb: 256, io, maxAgeMs: 10, now: () => now, logger });
    for (const free of [300, 100, 100, 90, 300, 300]) {
      folders["/data"].free = free * MB;
      now += 10;
      await check.problem();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][1]).toBe("low disk space: not ready");
    expect(warn.mock.calls[0][0]).toEqual({ reason: expect.stringContaining("104857600 bytes free") });
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][1]).toBe("disk space back: ready");
  });

  it("counts a folder it cannot read as not ready", async () => {
    const { io } = fakeDisks({});
    const check = createDiskSpaceCheck({ dataDir: "/gone", minFreeMb: 256, io });
    expect(await check.problem()).toBe("DATA_DIR (/gone): its free space could not be read (ENOENT)");
  });

  it("reads DATA_DIR alone while the media folder does not exist yet (the first upload makes it there)", async () => {
    const { io } = fakeDisks({ "/data": { free: 300 * MB, device: 1 } });
    const check = createDiskSpaceCheck({ dataDir: "/data", mediaDir: "/data/media", minFreeMb: 256, io });
    expect(await check.problem()).toBeUndefined();
  });

  it("reads nothing when MIN_FREE_DISK_MB=0", async () => {
    const { io } = fakeDisks({});
    const check = createDiskSpaceCheck({ dataDir: "/data", mediaDir: "/data/media", minFreeMb: 0, io });
    expect(await check.problem()).toBeUndefined();
    expect(io.statfs).not.toHaveBeenCalled();
  });
});
