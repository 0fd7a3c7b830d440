import { lazyPackage } from "../lazy-package";
import type { Config } from "../config";
import { isSafeKey } from "./local";
import type { ImageStorage } from "./storage";

export type S3Config = NonNullable<Config["s3"]>;

/** The AWS SDK is loaded only when S3_BUCKET is set (server/lazy-package.ts). */
const loadS3 = lazyPackage<typeof import("@aws-sdk/client-s3")>("@aws-sdk/client-s3");

/** Variant keys carry a timestamp and a random part, so an object never changes once written. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Images in an S3-compatible bucket. Browsers fetch them from publicUrl (the bucket's public
 * address or a CDN in front of it); the store only writes and deletes.
 */
export function createS3Storage(s3: S3Config): ImageStorage {
  const { DeleteObjectCommand, PutObjectCommand, S3Client } = loadS3();
  const client = new S3Client({
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    ...(s3.endpoint
      ? // Self-hosted servers (MinIO, Garage, ...) rarely have a wildcard DNS for bucket subdomains.
        { endpoint: s3.endpoint, forcePathStyle: true }
      : {}),
    // The SDK's default CRC32 trailer checksums use aws-chunked bodies that many S3-compatible servers refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  const prefix = `${s3.publicUrl}/`;

  return {
    async put(key, data, contentType) {
      if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async delete(key) {
      // Like the local storage: an unsafe key names nothing this store wrote. S3 answers 204 for a missing key.
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    url: (key) => `${prefix}${key}`,
    keyOf: (url) => (url.startsWith(prefix) ? url.slice(prefix.length) : undefined),
  };
}
