import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { ImageStorage } from "./storage";

export interface ChosenStorage {
  storage: ImageStorage;
  /** For the start-up log: where images go. */
  description: { kind: "s3"; bucket: string; endpoint?: string; publicUrl: string } | { kind: "local"; dir: string };
}

/** S3-compatible storage when S3_BUCKET is set, else DATA_DIR/media (served at /media/*). */
export function createStorage(config: Pick<Config, "s3" | "dataDir">): ChosenStorage {
  if (config.s3) {
    const { bucket, endpoint, publicUrl } = config.s3;
    return { storage: createS3Storage(config.s3), description: { kind: "s3", bucket, endpoint, publicUrl } };
  }
  const dir = path.join(config.dataDir, "media");
  mkdirSync(dir, { recursive: true });
  return { storage: createLocalStorage(dir), description: { kind: "local", dir } };
}
