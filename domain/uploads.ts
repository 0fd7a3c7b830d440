import { imageMessages, MAX_IMAGE_BYTES } from "./product-schemas";

/**
 * Resumable picture uploads (tus 1.0 at /api/uploads, docs/decisions/057-resumable-uploads.md).
 * The brief: "files over 256 KB use resumable upload with chunks starting at 256 KB and doubling
 * up to below 32 MB".
 */

/** Where the uploads are answered; the browser and the server both use it. */
export const UPLOADS_PATH = "/api/uploads";
/** A file of this size or less may go in one request. */
export const SINGLE_REQUEST_MAX_BYTES = 256 * 1024;
/** The first chunk of a larger file. */
export const FIRST_CHUNK_BYTES = 256 * 1024;
/** Chunks stay below this (the brief's "up to below 32 MB"). */
export const CHUNK_CEILING_BYTES = 32 * 1024 * 1024;
/** Pictures sent at the same time from one form. */
export const PARALLEL_UPLOADS = 2;
/** An upload (finished or not) is removed this long after it was started, unless a save used it first. */
export const UPLOAD_EXPIRY_HOURS = 24;
/** The browser's waits before each new try of a failed request; after the last one, "retry time exceeded". */
export const UPLOAD_RETRY_DELAYS_MS: readonly number[] = [0, 1000, 3000, 5000, 10000];
/** An upload id as the server makes them: 32 hex digits. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * The largest chunk: the first chunk doubled while it stays below the ceiling and within the
 * image limit (10 MB gives 8 MB).
 */
export function chunkCap(imageLimit: number = MAX_IMAGE_BYTES): number {
  let cap = FIRST_CHUNK_BYTES;
  while (cap * 2 < CHUNK_CEILING_BYTES && cap * 2 <= imageLimit) cap *= 2;
  return cap;
}

/** The size of the first request's body: the whole file when small, else the first chunk. */
export function firstChunkSize(fileSize: number): number {
  return fileSize <= SINGLE_REQUEST_MAX_BYTES ? Math.max(fileSize, 1) : FIRST_CHUNK_BYTES;
}

/** After a chunk the server took: twice the last, up to the cap. A failed chunk keeps its size. */
export function nextChunkSize(current: number, cap: number = chunkCap()): number {
  return Math.min(current * 2, cap);
}

/** The lengths of the requests that carry a file of `fileSize` bytes, in order. */
export function chunkSchedule(fileSize: number, cap: number = chunkCap()): number[] {
  const lengths: number[] = [];
  let sent = 0;
  let size = firstChunkSize(fileSize);
  while (sent < fileSize) {
    const length = Math.min(size, fileSize - sent);
    lengths.push(length);
    sent += length;
    size = nextChunkSize(size, cap);
  }
  return lengths;
}

/** The brief's storage states, as the upload ends for one picture. */
export type UploadFailure =
  | "unauthenticated"
  | "too_large"
  | "unauthorized"
  | "not_found"
  | "canceled"
  | "retry_limit_exceeded"
  | "refused";

/** What a failed upload's answer (or its absence) means. `status` 0: no answer at all. */
export function uploadFailureOf(status: number): UploadFailure {
  if (status === 401) return "unauthenticated";
  if (status === 403) return "unauthorized";
  if (status === 404 || status === 410) return "not_found";
  if (status === 413) return "too_large";
  if (status === 0 || status === 423 || status === 429 || status >= 500) return "retry_limit_exceeded";
  return "refused";
}

/** The message shown beside a picture whose upload ended without success. */
export const uploadMessages = {
  unauthenticated: (name: string) => `${label(name)}: please log in again to upload pictures.`,
  too_large: (name: string) => imageMessages.tooBig(name),
  unauthorized: (name: string) => `${label(name)}: only the administrator may upload pictures.`,
  not_found: (name: string) => `${label(name)}: the upload is no longer on the server. Please add the picture again.`,
  canceled: (name: string) => `${label(name)}: upload canceled.`,
  retry_limit_exceeded: (name: string) =>
    `${label(name)}: the upload could not be finished because the connection kept failing. Please try again.`,
  refused: (name: string) => `${label(name)} was refused by the server.`,
  /** On save: an id that is not a finished upload of this administrator (expired, unknown, forged). */
  unknownUpload: "One of the uploaded pictures is no longer available. Please add it again.",
  /** On save: a picture still on its way. */
  unfinishedUpload: "One of the pictures has not finished uploading. Please wait for it, or remove it.",
  waitForUploads: "Wait for the pictures to finish uploading.",
  failedUploads: "Remove or try again the pictures that did not upload.",
} as const;

function label(name: string): string {
  // The same short form imageMessages prints ("photo.jpg is larger than 10 MB").
  return imageMessages.tooBig(name).replace(/ is larger than 10 MB$/, "");
}
