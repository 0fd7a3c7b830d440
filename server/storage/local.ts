import { mkdir, rm, writeFile } from "node:fs/promises";
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

export function createLocalStorage(root: string): ImageStorage {
  return {
    async put(key, data) {
      const file = resolveKey(root, key);
      if (!file) throw new Error(`Unsafe storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async delete(key) {
      const file = resolveKey(root, key);
      if (file) await rm(file, { force: true });
    },
    url: (key) => `${MEDIA_PREFIX}${key}`,
    keyOf: (url) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined),
  };
}
