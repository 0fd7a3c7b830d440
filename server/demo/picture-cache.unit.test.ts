import { chmodSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../domain/images";
import { demoPictureVariants, pictureKey } from "./picture-cache";
import { demoImageJobs } from "./seed";

const [job] = demoImageJobs().flat();
const picture = { art: job.art, shot: job.shot, seed: job.product };

describe("the demo picture cache", () => {
  it("draws a picture once, then serves the same bytes from the folder", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "demo-pictures-"));
    const first = await demoPictureVariants(picture, dir);
    expect(first.cached).toBe(false);
    expect([...first.variants.keys()]).toEqual([...IMAGE_WIDTHS]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".webp"))).toHaveLength(IMAGE_WIDTHS.length);

    const second = await demoPictureVariants(picture, dir);
    expect(second.cached).toBe(true);
    for (const width of IMAGE_WIDTHS)
      expect(second.variants.get(width)?.equals(first.variants.get(width) as Buffer)).toBe(true);
  });

  it("keys a picture by what it shows: another shot or seed is another picture", async () => {
    const key = await pictureKey(picture);
    expect(await pictureKey(picture)).toBe(key);
    expect(await pictureKey({ ...picture, shot: picture.shot === "front" ? "back" : "front" })).not.toBe(key);
    expect(await pictureKey({ ...picture, seed: picture.seed + 1 })).not.toBe(key);
  });

  it("still gives the picture when the folder cannot be written (a read-only image)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "demo-pictures-ro-"));
    chmodSync(dir, 0o500);
    try {
      const result = await demoPictureVariants(picture, path.join(dir, "cache"));
      expect(result.cached).toBe(false);
      expect(result.variants.size).toBe(IMAGE_WIDTHS.length);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});
