import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { imageMessages } from "../../domain/product-schemas";
import { uploadMessages } from "../../domain/uploads";
import { createResumableUploads } from "../../server/catalog/resumable-uploads";
import { products } from "../../server/db/schema";
import { createLogger } from "../../server/logger";
import type { TestBrowser } from "../helpers/accounts";
import { type AdminTest, mediaFiles, png, productForm, startAdminTest, validFields } from "../helpers/admin";

/**
 * The tus 1.0 protocol at /api/uploads (decision 057): create, patch, head, offset mismatch,
 * too large, a file that is no picture once finished, anyone but the administrator; then the
 * save that turns finished uploads into the product's pictures, and foreign or forged ids.
 */

let test: AdminTest;
let uploadDir: string;

beforeAll(async () => {
  test = await startAdminTest();
  uploadDir = test.t.config.uploadDir;
});
afterAll(async () => {
  await test?.stop();
});

const TUS = { "Tus-Resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");

async function create(browser: TestBrowser, size: number, name = "photo.png", extra: Record<string, string> = {}) {
  return browser.request("/api/uploads", {
    method: "POST",
    headers: { ...TUS, "Upload-Length": String(size), "Upload-Metadata": `filename ${b64(name)}`, ...extra },
  });
}

async function created(size: number, name?: string): Promise<string> {
  const res = await create(test.admin, size, name);
  expect(res.status, await res.clone().text()).toBe(201);
  const location = res.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
  return location;
}

function patch(browser: TestBrowser, location: string, offset: number, body: Uint8Array) {
  return browser.request(location, {
    method: "PATCH",
    headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: Buffer.from(body),
  });
}

const head = (browser: TestBrowser, location: string) => browser.request(location, { method: "HEAD", headers: TUS });

/** A noisy PNG: big enough to need several chunks, and a real picture. */
async function noisyPng(width = 700, height = 800): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Sends a whole file as the browser's schedule does: 256 KB, then doubling. */
async function uploadWhole(bytes: Buffer, name = "photo.png"): Promise<string> {
  const location = await created(bytes.length, name);
  let offset = 0;
  let size = 256 * 1024;
  while (offset < bytes.length) {
    const res = await patch(test.admin, location, offset, bytes.subarray(offset, offset + size));
    expect(res.status, await res.clone().text()).toBe(204);
    offset = Number(res.headers.get("upload-offset"));
    size *= 2;
  }
  return location;
}

const idOf = (location: string) => location.split("/").pop() ?? "";

describe("the tus protocol at /api/uploads", () => {
  it("creates, takes chunks, reports the offset, and refuses a chunk at the wrong offset (409) without changing it", async () => {
    const bytes = await noisyPng();
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const location = await created(bytes.length);
    const fresh = await head(test.admin, location);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("upload-offset")).toBe("0");
    expect(fresh.headers.get("upload-length")).toBe(String(bytes.length));
    expect(fresh.headers.get("cache-control")).toBe("no-store");

    const first = await patch(test.admin, location, 0, bytes.subarray(0, 256 * 1024));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(256 * 1024));

    // The same chunk again (a browser that did not hear the answer): 409, and the offset stays.
    const again = await patch(test.admin, location, 0, bytes.subarray(0, 256 * 1024));
    expect(again.status).toBe(409);
    expect((await head(test.admin, location)).headers.get("upload-offset")).toBe(String(256 * 1024));

    const rest = await patch(test.admin, location, 256 * 1024, bytes.subarray(256 * 1024));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));
    const done = await head(test.admin, location);
    expect(done.headers.get("upload-offset")).toBe(String(bytes.length));
  });

  it("refuses a declared size over the image limit (413) and a chunk past the declared size (413)", async () => {
    const huge = await create(test.admin, 10 * 1024 * 1024 + 1);
    expect(huge.status).toBe(413);
    const deferred = await test.admin.request("/api/uploads", {
      method: "POST",
      headers: { ...TUS, "Upload-Defer-Length": "1" },
    });
    expect(deferred.status).toBe(400);

    const location = await created(1000);
    const over = await patch(test.admin, location, 0, new Uint8Array(1001));
    expect(over.status).toBe(413);
    expect((await head(test.admin, location)).headers.get("upload-offset")).toBe("0");
  });

  it("a chunk over the body limit of a PATCH is cut off with 413 before it is read", async () => {
    const location = await created(1000);
    const res = await test.admin.request(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(11 * 1024 * 1024),
      },
      body: Buffer.alloc(16),
    });
    expect(res.status).toBe(413);
  });

  it("a finished upload that is not a picture is refused by content (415, naming it) and removed", async () => {
    const text = Buffer.from("<svg onload=alert(1)>not a picture</svg>".repeat(10));
    const location = await created(text.length, "evil.png");
    const res = await patch(test.admin, location, 0, text);
    expect(res.status).toBe(415);
    expect(await res.text()).toContain(imageMessages.notAnImage("evil.png"));
    expect((await head(test.admin, location)).status).toBe(404);
    expect(existsSync(path.join(uploadDir, idOf(location)))).toBe(false);
  });

  it("only the administrator: a visitor 401, a shopper 403, another site 403; another's upload is not found", async () => {
    expect((await create(test.visitor, 100)).status).toBe(401);
    expect((await create(test.shopper, 100)).status).toBe(403);
    const crossSite = await create(test.admin, 100, "x.png", { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);

    const location = await created(100);
    // A chunk or a cancel another site's page sends with the administrator's cookies: refused, nothing written.
    const forgedPatch = await test.admin.request(location, {
      method: "PATCH",
      headers: {
        ...TUS,
        origin: "https://evil.example",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: Buffer.alloc(100),
    });
    expect(forgedPatch.status).toBe(403);
    const forgedCancel = await test.admin.request(location, {
      method: "DELETE",
      headers: { ...TUS, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(forgedCancel.status).toBe(403);
    expect((await head(test.admin, location)).headers.get("upload-offset")).toBe("0");
    expect((await head(test.visitor, location)).status).toBe(401);
    expect((await head(test.shopper, location)).status).toBe(403);
    expect((await patch(test.shopper, location, 0, new Uint8Array(100))).status).toBe(403);
    const cancel = await test.shopper.request(location, { method: "DELETE", headers: TUS });
    expect(cancel.status).toBe(403);
    expect((await head(test.admin, location)).status).toBe(200);

    // Unknown, malformed, and a path that tries to leave the folder.
    for (const other of ["/api/uploads/0123456789abcdef0123456789abcdef", "/api/uploads/..%2Fpglite", "/api/uploads/x"])
      expect((await head(test.admin, other)).status).toBe(404);
    // tus does not serve what was uploaded back.
    expect((await test.admin.request(location)).status).toBe(404);
  });

  it("an owner named by the browser is ignored: the upload is the signed-in administrator's", async () => {
    const res = await create(test.admin, 100, "x.png", { "x-threadline-upload-owner": "someone-else" });
    expect(res.status).toBe(201);
    const meta = (await head(test.admin, res.headers.get("location") ?? "")).headers.get("upload-metadata") ?? "";
    expect(meta).not.toContain(b64("someone-else"));
  });

  it("DELETE cancels an upload (termination)", async () => {
    const location = await created(100);
    const res = await test.admin.request(location, { method: "DELETE", headers: TUS });
    expect(res.status).toBe(204);
    expect((await head(test.admin, location)).status).toBe(404);
  });
});

describe("saving the form with finished uploads", () => {
  let files: string[];
  let count: number;
  beforeEach(async () => {
    files = mediaFiles(test.mediaDir);
    count = (await test.database.db.select().from(products)).length;
  });

  async function expectRefused(res: Response, text: string) {
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(text);
    expect((await test.database.db.select().from(products)).length).toBe(count);
    expect(mediaFiles(test.mediaDir)).toEqual(files);
  }

  function save(fields: Record<string, string>, uploads: string[]) {
    const form = productForm(fields);
    for (const id of uploads) form.append("uploads", id);
    return test.admin.request("/admin/add-product", { method: "POST", body: form });
  }

  it("stores the pictures through the same pipeline (WebP variants, no metadata) and removes the uploads", async () => {
    const withExif = await sharp(await png("#336699", 600, 750))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera" } } })
      .toBuffer();
    const a = await uploadWhole(await noisyPng(), "front.png");
    const b = await uploadWhole(withExif, "back.jpg");
    const res = await save({ ...validFields, title: "Resumed Coat" }, [idOf(a), idOf(b)]);
    expect(res.status, await res.clone().text()).toBe(302);
    const [row] = await test.database.db.select().from(products).where(eq(products.title, "Resumed Coat"));
    expect(row.imageUrls).toHaveLength(2);
    expect(row.imageUrls[0]).toMatch(/_front$/);
    expect(row.imageUrls[1]).toMatch(/_back$/);
    const stored = path.join(test.mediaDir, `${row.imageUrls[1].replace(/^\/media\//, "")}-640.webp`);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    // Used: gone from the upload folder, and a second save with the same ids is refused.
    expect((await head(test.admin, a)).status).toBe(404);
    expect(readdirSync(uploadDir).filter((f) => f.startsWith(idOf(a)))).toEqual([]);
    count += 1;
    files = mediaFiles(test.mediaDir);
    await expectRefused(
      await save({ ...validFields, title: "Replayed Coat" }, [idOf(a)]),
      uploadMessages.unknownUpload,
    );
  });

  it("refuses an unknown or forged id, an id used already, and an unfinished upload; nothing changes", async () => {
    await expectRefused(await save(validFields, ["0123456789abcdef0123456789abcdef"]), uploadMessages.unknownUpload);
    await expectRefused(await save(validFields, ["../pglite/PG_VERSION"]), uploadMessages.unknownUpload);
    const half = await created(5000);
    await expectRefused(await save(validFields, [idOf(half)]), uploadMessages.unfinishedUpload);
    // Still there: the administrator may finish it and save again.
    expect((await head(test.admin, half)).status).toBe(200);
  });

  it("refuses another account's upload id (a shopper cannot save, and an id is only its owner's)", async () => {
    const location = await uploadWhole(await png("#884422"), "mine.png");
    const form = productForm(validFields);
    form.append("uploads", idOf(location));
    const res = await test.shopper.request("/admin/add-product", { method: "POST", body: form });
    expect(res.status).toBe(403);
    const uploads = createResumableUploads({ dir: uploadDir, database: test.database, logger: createLogger("silent") });
    await expect(uploads.take("another-admin-id", [idOf(location)])).rejects.toThrow(uploadMessages.unknownUpload);
    expect((await uploads.take((await adminId()) ?? "", [idOf(location)])).map((i) => i.name)).toEqual(["mine.png"]);
  });

  it("housekeeping removes uploads past their expiry, finished or not", async () => {
    const unfinished = await created(5000);
    const finished = await uploadWhole(await png("#225588"), "done.png");
    const fresh = createResumableUploads({ dir: uploadDir, database: test.database, logger: createLogger("silent") });
    expect(await fresh.purgeExpired()).toBe(0);
    const later = createResumableUploads({
      dir: uploadDir,
      database: test.database,
      logger: createLogger("silent"),
      expiryMs: 1,
    });
    // Housekeeping a second later by the clock it reads: both are past an expiry of 1 ms.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_000 });
    try {
      expect(await later.purgeExpired()).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
    for (const location of [unfinished, finished]) expect((await head(test.admin, location)).status).toBe(404);
  });
});

async function adminId(): Promise<string | undefined> {
  const session = await (await test.admin.request("/api/auth/get-session")).json();
  return session?.user?.id;
}
