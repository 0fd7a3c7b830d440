/**
 * Readiness and free disk space (docs/deploy.md, "Start, readiness and stop"): an instance whose
 * DATA_DIR (the embedded database, the local mailbox) or media folder (uploaded pictures) is
 * nearly full answers `/readyz` 503, so a load balancer sends shoppers elsewhere before a write
 * fails half-way, and the operator reads which folder and how much is left.
 */

/** MIN_FREE_DISK_MB's default: room for a few hundred uploads or a day of orders and e-mail. */
export const DEFAULT_MIN_FREE_DISK_MB = 256;

const MB = 1024 * 1024;

/** Rounded down, so a figure just under the threshold never reads as the threshold itself. */
const megabytes = (bytes: number) => (Math.floor((bytes / MB) * 10) / 10).toFixed(1);

/** One folder's free space as read (bytes available to the store's user), or why it could not be read. */
export type FreeSpaceReading = { label: string; folder: string } & ({ freeBytes: number } | { error: string });

/** Why the instance is not ready for lack of disk space, or undefined when every folder has enough (or the check is off: 0). */
export function lowDiskSpaceReason(readings: readonly FreeSpaceReading[], minFreeMb: number): string | undefined {
  if (minFreeMb <= 0) return undefined;
  const reasons = readings.flatMap((reading) => {
    const where = `${reading.label} (${reading.folder})`;
    if ("error" in reading) return [`${where}: its free space could not be read (${reading.error})`];
    if (reading.freeBytes >= minFreeMb * MB) return [];
    return [
      `${where} has ${reading.freeBytes} bytes free (${megabytes(reading.freeBytes)} MB), less than MIN_FREE_DISK_MB=${minFreeMb}`,
    ];
  });
  return reasons.length ? reasons.join("; ") : undefined;
}
