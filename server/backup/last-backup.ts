import { readFile } from "node:fs/promises";
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { privateFile } from "../private-files";

/**
 * The record of the last backup that `npm run store -- backup` wrote and checked:
 * DATA_DIR/last-backup.json (docs/command-line.md). /metrics reports its age
 * (threadline_backup_age_seconds, docs/decisions/042-metrics.md), so an operator is told when
 * backups stop. This module is the only one that writes or reads the file.
 */

export const LAST_BACKUP_FILE = "last-backup.json";

export interface LastBackup {
  /** When the database was copied (the backup's manifest.createdAt): how old the data in it is. */
  createdAt: string;
  /** The backup file, as written. */
  file: string;
  /** When the command finished checking it. */
  checkedAt: string;
}

/** Replaces the record (written whole, then renamed: a reader never sees half of it). */
export function recordBackup(dataDir: string, backup: LastBackup): void {
  const target = path.join(dataDir, LAST_BACKUP_FILE);
  const partial = `${target}.partial`;
  writeFileSync(partial, `${JSON.stringify(backup, null, 2)}\n`, { mode: 0o600 });
  privateFile(partial);
  renameSync(partial, target);
}

/** The record, or undefined when no backup was recorded (or the file is not one this module wrote). */
export async function readLastBackup(dataDir: string): Promise<LastBackup | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, LAST_BACKUP_FILE), "utf8");
  } catch {
    return undefined;
  }
  try {
    const record = JSON.parse(text) as Partial<LastBackup>;
    if (typeof record.createdAt !== "string" || Number.isNaN(Date.parse(record.createdAt))) return undefined;
    return {
      createdAt: record.createdAt,
      file: String(record.file ?? ""),
      checkedAt: String(record.checkedAt ?? record.createdAt),
    };
  } catch {
    return undefined;
  }
}
