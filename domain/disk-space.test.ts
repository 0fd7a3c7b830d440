import { describe, expect, it } from "vitest";
import { DEFAULT_MIN_FREE_DISK_MB, lowDiskSpaceReason } from "./disk-space";

const MB = 1024 * 1024;
const data = (freeBytes: number) => ({ label: "DATA_DIR", folder: "/srv/data", freeBytes });
const media = (freeBytes: number) => ({ label: "the media folder", folder: "/srv/data/media", freeBytes });

describe("lowDiskSpaceReason", () => {
  it.each([
    ["plenty everywhere", [data(10_000 * MB), media(5_000 * MB)], 256, undefined],
    ["exactly the threshold is enough", [data(256 * MB)], 256, undefined],
    [
      "one byte under the threshold",
      [data(256 * MB - 1)],
      256,
      "DATA_DIR (/srv/data) has 268435455 bytes free (255.9 MB), less than MIN_FREE_DISK_MB=256",
    ],
    [
      "the media folder on a disk of its own, full",
      [data(10_000 * MB), media(3 * MB)],
      256,
      "the media folder (/srv/data/media) has 3145728 bytes free (3.0 MB), less than MIN_FREE_DISK_MB=256",
    ],
    [
      "both low: each named",
      [data(0), media(MB)],
      16,
      "DATA_DIR (/srv/data) has 0 bytes free (0.0 MB), less than MIN_FREE_DISK_MB=16; the media folder (/srv/data/media) has 1048576 bytes free (1.0 MB), less than MIN_FREE_DISK_MB=16",
    ],
    ["0 turns the check off", [data(0)], 0, undefined],
  ])("%s", (_, readings, minFreeMb, reason) => {
    expect(lowDiskSpaceReason(readings, minFreeMb)).toBe(reason);
  });

  it("an unreadable folder is a reason too, naming the error", () => {
    expect(
      lowDiskSpaceReason([{ label: "DATA_DIR", folder: "/srv/data", error: "ENOENT" }], DEFAULT_MIN_FREE_DISK_MB),
    ).toBe("DATA_DIR (/srv/data): its free space could not be read (ENOENT)");
  });
});
