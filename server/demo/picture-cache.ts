import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { IMAGE_WIDTHS } from "../../domain/images";
import { imageVariants } from "../catalog/images";
import { composeScene, type DemoArt, renderDemoImage, type Shot } from "./art";

/**
 * The demo catalogue's pictures are drawn once and kept (decision 023): `npm run build` fills
 * this folder (scripts/prepare-demo-pictures.ts), and a first start copies the finished WebP
 * variants into the image storage instead of drawing 113 pictures before it can listen.
 * `<repository>/.cache/demo-pictures`, found relative to this code both from the sources and from
 * the bundled server (build/server-main), so the working directory does not matter.
 */
export const DEMO_PICTURE_DIR = path.resolve(import.meta.dirname, "..", "..", ".cache", "demo-pictures");

/** Bump when the encoding of the variants changes in a way the scene does not show. */
const CACHE_VERSION = 1;

export interface DemoPicture {
  art: DemoArt;
  shot: Shot;
  seed: number;
}

/**
 * A key for one picture: a hash of its scene's markup (so a change to the drawing code makes
 * a new key), the shot, the stored widths and the cache version.
 */
export async function pictureKey({ art, shot, seed }: DemoPicture): Promise<string> {
  const scene = await composeScene(art, shot, seed);
  return createHash("sha256")
    .update(
      JSON.stringify([
        CACHE_VERSION,
        IMAGE_WIDTHS,
        shot,
        scene.defs.markup(),
        scene.background,
        scene.under,
        scene.items,
      ]),
    )
    .digest("hex")
    .slice(0, 24);
}

const fileOf = (dir: string, key: string, width: number) => path.join(dir, `${key}-${width}.webp`);

function readCached(dir: string, key: string): Map<(typeof IMAGE_WIDTHS)[number], Buffer> | null {
  const variants = new Map<(typeof IMAGE_WIDTHS)[number], Buffer>();
  for (const width of IMAGE_WIDTHS) {
    try {
      variants.set(width, readFileSync(fileOf(dir, key, width)));
    } catch {
      return null;
    }
  }
  return variants;
}

/** Best effort: a read-only folder (a container image) just means the next start draws again. */
function writeCached(dir: string, key: string, variants: Map<(typeof IMAGE_WIDTHS)[number], Buffer>): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    for (const [width, data] of variants) {
      // Written under a temporary name first: a reader never sees half a file.
      const file = fileOf(dir, key, width);
      writeFileSync(`${file}.tmp`, data);
      renameSync(`${file}.tmp`, file);
    }
    return true;
  } catch {
    return false;
  }
}

/** The stored variants of one demo picture, from the cache, or drawn (and then cached). */
export async function demoPictureVariants(
  picture: DemoPicture,
  dir: string = DEMO_PICTURE_DIR,
): Promise<{ variants: Map<(typeof IMAGE_WIDTHS)[number], Buffer>; cached: boolean }> {
  const key = await pictureKey(picture);
  const cached = readCached(dir, key);
  if (cached) return { variants: cached, cached: true };
  const variants = await imageVariants(await renderDemoImage(picture.art, picture.shot, picture.seed));
  writeCached(dir, key, variants);
  return { variants, cached: false };
}
