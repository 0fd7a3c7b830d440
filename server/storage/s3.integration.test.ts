import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../tests/fakes/s3";
import { deleteProductImage, storeProductImage } from "../catalog/images";
import { createStorage } from "./index";
import { createS3Storage, type S3Config } from "./s3";

let fake: FakeS3;
let s3: S3Config;

beforeAll(async () => {
  fake = await startFakeS3({ bucket: "shop-images", accessKeyId: "store-key" });
  s3 = {
    bucket: fake.bucket,
    endpoint: fake.url,
    region: "eu-central-1",
    accessKeyId: "store-key",
    secretAccessKey: "store-secret",
    publicUrl: "https://cdn.example.com/shop",
  };
});

afterAll(async () => {
  await fake.stop();
});

describe("S3 image storage", () => {
  it("puts an object path-style, signed, with its content type and an immutable cache lifetime, and deletes it", async () => {
    const storage = createS3Storage(s3);
    const data = Buffer.from([0, 1, 2, 250, 255]);
    await storage.put("products/1_abc_dress-320.webp", data, "image/webp");

    const put = fake.requests.at(-1)!;
    expect(put.method).toBe("PUT");
    expect(put.path).toBe("/shop-images/products/1_abc_dress-320.webp");
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=store-key\/\d{8}\/eu-central-1\/s3\/aws4_request/);
    const stored = fake.objects.get("products/1_abc_dress-320.webp")!;
    expect(stored.body.equals(data)).toBe(true);
    expect(stored.contentType).toBe("image/webp");
    expect(stored.cacheControl).toBe("public, max-age=31536000, immutable");

    // What a reader of the bucket gets back.
    const reader = new S3Client({
      region: s3.region,
      endpoint: fake.url,
      forcePathStyle: true,
      credentials: { accessKeyId: "store-key", secretAccessKey: "store-secret" },
    });
    const got = await reader.send(new GetObjectCommand({ Bucket: fake.bucket, Key: "products/1_abc_dress-320.webp" }));
    expect(got.ContentType).toBe("image/webp");
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(data)).toBe(true);
    reader.destroy();

    const url = storage.url("products/1_abc_dress-320.webp");
    expect(url).toBe("https://cdn.example.com/shop/products/1_abc_dress-320.webp");
    expect(storage.keyOf(url)).toBe("products/1_abc_dress-320.webp");

    await storage.delete("products/1_abc_dress-320.webp");
    expect(fake.objects.has("products/1_abc_dress-320.webp")).toBe(false);
    // Deleting what is already gone is not an error.
    await expect(storage.delete("products/1_abc_dress-320.webp")).resolves.toBeUndefined();
  });

  it("gives no key for an address that is not its own", () => {
    const storage = createS3Storage(s3);
    expect(storage.keyOf("/media/products/1_abc_dress")).toBeUndefined();
    expect(storage.keyOf("https://cdn.example.com/shopping/products/x")).toBeUndefined();
    expect(storage.keyOf("https://elsewhere.example/shop/products/x")).toBeUndefined();
  });

  it("refuses an unsafe key before sending anything", async () => {
    const storage = createS3Storage(s3);
    const before = fake.requests.length;
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow("Unsafe storage key");
    await storage.delete("/etc/passwd");
    expect(fake.requests.length).toBe(before);
  });

  it("fails the upload when the server does not accept the access key", async () => {
    const storage = createS3Storage({ ...s3, accessKeyId: "someone-else" });
    await expect(storage.put("products/2_def_coat-320.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Access Key Id/,
    );
    expect(fake.objects.has("products/2_def_coat-320.webp")).toBe(false);
  });

  it("stores a product image as three WebP variants and removes them all", async () => {
    const { storage, description } = createStorage({ s3, dataDir: "/nonexistent" });
    expect(description.kind).toBe("s3");
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#a05030" } })
      .jpeg()
      .toBuffer();
    const address = await storeProductImage(storage, photo, "Summer Dress.jpg", 1732000000000);
    expect(address).toMatch(/^https:\/\/cdn\.example\.com\/shop\/products\/1732000000000_[a-z0-9]+_summer-dress$/);

    const baseKey = storage.keyOf(address)!;
    for (const [width, height] of [
      [320, 400],
      [640, 800],
      [960, 1200],
    ]) {
      const object = fake.objects.get(`${baseKey}-${width}.webp`);
      expect(object, `variant ${width}`).toBeDefined();
      expect(object!.contentType).toBe("image/webp");
      expect(object!.cacheControl).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(object!.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
    }

    await deleteProductImage(storage, address);
    expect([...fake.objects.keys()].filter((k) => k.startsWith(baseKey))).toEqual([]);
  });

  it("uses DATA_DIR/media when S3 is not configured", () => {
    const { storage, description } = createStorage({ dataDir: "/tmp/s3-test-data" });
    expect(description).toEqual({ kind: "local", dir: "/tmp/s3-test-data/media" });
    expect(storage.url("products/x")).toBe("/media/products/x");
  });
});
