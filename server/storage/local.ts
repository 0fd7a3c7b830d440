import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImageStorage } from "./storage";

export const MEDIA_PREFIX = "/media/";

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Keys are server-generated; anything else (absolute, "..", odd characters) is refused by every storage. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes("..");
}

/** Resolves a key inside root, refusing anything that would escape it. */
export function resolveKey(root: string, key: string): string | undefined {
  if (!isSafeKey(key)) return undefined;
  const full = path.resolve(root, key);
  return full.startsWith(path.resolve(root) + path.sep) ? full : undefined;
}

/** The write the storage makes; tests give one that fails half-way (a disk that fills up). */
export interface LocalStorageIo {
  writeFile(file: string, data: Buffer): Promise<void>;
}

const nodeIo: LocalStorageIo = { writeFile: (file, data) => writeFile(file, data) };

/**
 * Images in a folder (DATA_DIR/media, served at /media/*). Each file is written under a temporary
 * name beside its key and renamed into place, so a key is either absent or whole: a write that
 * fails half-way (a full disk) removes its temporary file and leaves nothing behind.
 */
export function createLocalStorage(root: string, io: LocalStorageIo = nodeIo): ImageStorage {
  return {
    async put(key, data) {
      const file = resolveKey(root, key);
      if (!file) throw new Error(`Unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // A dot name: never a key (keys start with a letter or digit), so never served or listed as one.
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        await io.writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async delete(key) {
      const file = resolveKey(root, key);
      if (file) await rm(file, { force: true });
    },
    url: (key) => `${MEDIA_PREFIX}${key}`,
    keyOf: (url) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined),
  };
}
