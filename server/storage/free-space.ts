import { stat, statfs } from "node:fs/promises";
import { type FreeSpaceReading, lowDiskSpaceReason } from "../../domain/disk-space";
import type { Logger } from "../logger";

/** The file system calls the check makes; tests give their own. */
export interface DiskSpaceIo {
  statfs(folder: string): Promise<{ bavail: number; bsize: number }>;
  /** The device a folder is on: the media folder is read only when it is not DATA_DIR's. */
  device(folder: string): Promise<number>;
}

const nodeIo: DiskSpaceIo = {
  statfs: (folder) => statfs(folder),
  device: async (folder) => (await stat(folder)).dev,
};

export interface DiskSpaceCheck {
  /** Why this instance is short of disk space (domain/disk-space.ts), or undefined. */
  problem(): Promise<string | undefined>;
}

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? (error as Error)?.message ?? error);

/**
 * Free space of DATA_DIR and, with local image storage on a file system of its own, of the
 * media folder, for `/readyz`. A reading is kept `maxAgeMs` (5 s), and callers meanwhile share
 * it, so polling costs at most one statfs per folder per interval. The first reading below
 * MIN_FREE_DISK_MB is logged (warn), and so is the return above it (info): one line each, not
 * one per poll.
 */
export function createDiskSpaceCheck(options: {
  dataDir: string;
  /** DATA_DIR/media when images are stored locally; none with S3. */
  mediaDir?: string;
  minFreeMb: number;
  logger?: Logger;
  io?: DiskSpaceIo;
  maxAgeMs?: number;
  now?: () => number;
}): DiskSpaceCheck {
  const io = options.io ?? nodeIo;
  const maxAgeMs = options.maxAgeMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; answer: Promise<string | undefined> } | undefined;
  let lastProblem: string | undefined;

  async function reading(label: string, folder: string): Promise<FreeSpaceReading> {
    try {
      const { bavail, bsize } = await io.statfs(folder);
      return { label, folder, freeBytes: Number(bavail) * Number(bsize) };
    } catch (error) {
      return { label, folder, error: codeOf(error) };
    }
  }

  async function mediaElsewhere(): Promise<boolean> {
    if (!options.mediaDir) return false;
    try {
      return (await io.device(options.mediaDir)) !== (await io.device(options.dataDir));
    } catch (error) {
      // Not made yet: it will be made inside DATA_DIR (local.ts). Otherwise let statfs say why it is unreadable.
      return codeOf(error) !== "ENOENT";
    }
  }

  async function read(): Promise<string | undefined> {
    const readings = [await reading("DATA_DIR", options.dataDir)];
    if (options.mediaDir && (await mediaElsewhere()))
      readings.push(await reading("the media folder", options.mediaDir));
    const problem = lowDiskSpaceReason(readings, options.minFreeMb);
    if (problem && !lastProblem) options.logger?.warn({ reason: problem }, "low disk space: not ready");
    if (!problem && lastProblem) options.logger?.info({ minFreeMb: options.minFreeMb }, "disk space back: ready");
    lastProblem = problem;
    return problem;
  }

  return {
    problem() {
      if (options.minFreeMb <= 0) return Promise.resolve(undefined);
      const at = now();
      if (!cached || at - cached.at >= maxAgeMs) cached = { at, answer: read() };
      return cached.answer;
    },
  };
}
