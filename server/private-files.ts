import { chmodSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the embedded database, the generated secret, the local mailbox, uploaded images
 * and the backup control socket: nothing another local user may read (issue 21, finding 4).
 * The store's processes (server and command line) create every file for their owner only,
 * whatever umask they were started with, and DATA_DIR itself is made 0700.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** From now on this process creates files 0600 and folders 0700 (umask 077). Call at start. */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** Creates `dir` (and its parents) for the owner only, and narrows it to 0700 if it existed. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** A file the store wrote for the operator (a backup, an export): readable by its owner only. */
export function privateFile(file: string): void {
  chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Narrows every folder below `dir` to 0700 and every file to 0600. PGlite's WebAssembly file
 * system sets the modes of the files it writes itself (0666), past the process umask; the store
 * narrows them when it opens the embedded database and again when it closes it. Files it makes
 * in between sit in 0700 folders, where no other user can reach them.
 */
export function privateTree(dir: string): void {
  chmodSync(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, PRIVATE_DIR_MODE);
    else if (entry.isFile()) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
