import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegPictures } from "./media-jpeg";

const root = mkdtempSync(path.join(os.tmpdir(), "media-jpeg-"));
mkdirSync(path.join(root, "products"));
let webp: Buffer;

beforeAll(async () => {
  webp = await sharp({
    create: { width: 64, height: 80, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } },
  })
    .webp()
    .toBuffer();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function app(keep: number) {
  const hono = new Hono();
  hono.use("/media/*", jpegPictures(root, "public, max-age=60", keep));
  hono.get("/media/*", (c) => c.text("next", 418));
  return hono;
}
const put = (key: string) => writeFileSync(path.join(root, `${key}.webp`), webp);
const remove = (key: string) => unlinkSync(path.join(root, `${key}.webp`));

describe("/media/{key}-{width}.jpg", () => {
  it("answers the stored WebP variant as a JPEG on white, with the given cache header", async () => {
    put("products/a-640");
    const res = await app(10).request("/media/products/a-640.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 80 });
  });

  it("converts a picture once: asked again (at once, or after the file is gone) it answers the same bytes", async () => {
    put("products/b-640");
    const media = app(10);
    const [first, second] = await Promise.all([
      media.request("/media/products/b-640.jpg"),
      media.request("/media/products/b-640.jpg"),
    ]);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    remove("products/b-640");
    const third = await media.request("/media/products/b-640.jpg");
    expect(third.status).toBe(200);
    expect(Buffer.from(await third.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("keeps only the last `keep` pictures, and does not remember a missing one", async () => {
    const media = app(1);
    expect((await media.request("/media/products/c-320.jpg")).status).toBe(404);
    put("products/c-320");
    expect((await media.request("/media/products/c-320.jpg")).status).toBe(200);
    put("products/d-320");
    expect((await media.request("/media/products/d-320.jpg")).status).toBe(200);
    remove("products/c-320");
    remove("products/d-320");
    // c was pushed out by d and its file is gone; d is still kept.
    expect((await media.request("/media/products/c-320.jpg")).status).toBe(404);
    expect((await media.request("/media/products/d-320.jpg")).status).toBe(200);
  });

  it("leaves other addresses and unsafe keys alone", async () => {
    const media = app(10);
    expect((await media.request("/media/products/a-640.webp")).status).toBe(418);
    expect((await media.request("/media/products/a-500.jpg")).status).toBe(418);
    expect((await media.request("/media/..%2F..%2Fetc%2Fpasswd-640.jpg")).status).toBe(404);
  });
});
