import type { DetailedError, PreviousUpload, Upload } from "tus-js-client";
import {
  FIRST_CHUNK_BYTES,
  firstChunkSize,
  nextChunkSize,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_RETRY_DELAYS_MS,
  UPLOADS_PATH,
  type UploadFailure,
  uploadFailureOf,
  uploadMessages,
} from "../../domain/uploads";

/**
 * One picture sent to /api/uploads with tus 1.0 (decision 057): the first request carries up to
 * 256 KB, each accepted chunk doubles the next one up to the cap (domain/uploads.ts), a cut
 * connection is tried again from the server's offset, and the upload's address is kept in
 * localStorage so the same file picked again after a reload carries on where it stopped.
 * tus-js-client is loaded here, on the admin form only, never in the shop's bundle.
 */
const loadTus = () => import("tus-js-client");

export interface UploadEvents {
  onProgress(sent: number, total: number): void;
  /** The upload id the form sends on save. */
  onSuccess(uploadId: string): void;
  onError(failure: UploadFailure, message: string): void;
  /** A previous upload of the same file was found and continues from `offset`. */
  onResume?(): void;
}

export interface RunningUpload {
  /** Stops and removes the upload on the server ("canceled"). */
  cancel(): Promise<void>;
}

function statusOf(error: Error | DetailedError): number {
  const response = (error as DetailedError).originalResponse;
  return response ? response.getStatus() : 0;
}

/**
 * Which earlier upload a file continues: its name, size and a digest of its first 256 KB (the
 * bytes the server already has of an interrupted upload), not its modification time, which a
 * copy of the same photo on a phone does not keep.
 */
async function fingerprint(file: File): Promise<string> {
  const head = await file.slice(0, FIRST_CHUNK_BYTES).arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", head));
  const hex = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return ["threadline", file.name, file.size, hex].join("-");
}

/** Starts (or resumes) one file's upload. */
export async function startUpload(file: File, events: UploadEvents): Promise<RunningUpload> {
  const tus = await loadTus();
  let canceled = false;
  const upload: Upload = new tus.Upload(file, {
    endpoint: new URL(UPLOADS_PATH, window.location.href).href,
    metadata: { filename: file.name, filetype: file.type },
    chunkSize: firstChunkSize(file.size),
    fingerprint: (picked) => fingerprint(picked as File),
    retryDelays: [...UPLOAD_RETRY_DELAYS_MS],
    removeFingerprintOnSuccess: true,
    onChunkComplete() {
      // The brief's rule: each chunk the server took doubles the next, up to the cap.
      upload.options.chunkSize = nextChunkSize(upload.options.chunkSize ?? firstChunkSize(file.size));
    },
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess() {
      const id = (upload.url ?? "").split("/").pop() ?? "";
      events.onSuccess(id);
    },
    onError(error) {
      if (canceled) return;
      const status = statusOf(error);
      const failure = uploadFailureOf(status);
      const body = (error as DetailedError).originalResponse?.getBody()?.trim();
      // The server's own sentence for a refused file (it names the file); the brief's states otherwise.
      const message = failure === "refused" && body ? body : uploadMessages[failure](file.name);
      events.onError(failure, message);
    },
  });
  const previous = await upload.findPreviousUploads();
  if (previous.length > 0) {
    upload.resumeFromPreviousUpload(previous[0]);
    events.onResume?.();
  }
  upload.start();
  return {
    async cancel() {
      canceled = true;
      await upload.abort(true).catch(() => {});
      events.onError("canceled", uploadMessages.canceled(file.name));
    },
  };
}

/** An upload this browser started and did not finish (the page was closed or reloaded). */
export interface UnfinishedUpload {
  key: string;
  name: string;
  size: number;
}

/** Unfinished uploads still within their life on the server, newest first: the form offers to resume them. */
export async function unfinishedUploads(): Promise<UnfinishedUpload[]> {
  const tus = await loadTus();
  if (!tus.canStoreURLs) return [];
  const all: PreviousUpload[] = await tus.defaultOptions.urlStorage.findAllUploads();
  const oldest = Date.now() - UPLOAD_EXPIRY_HOURS * 3600_000;
  return all
    .filter((u) => Date.parse(String(u.creationTime)) > oldest && u.urlStorageKey)
    .sort((a, b) => Date.parse(String(b.creationTime)) - Date.parse(String(a.creationTime)))
    .map((u) => ({ key: u.urlStorageKey, name: u.metadata?.filename ?? "image", size: u.size ?? 0 }));
}

/** Forgets an unfinished upload (the server removes it at its expiry). */
export async function forgetUpload(key: string): Promise<void> {
  const tus = await loadTus();
  const all: PreviousUpload[] = await tus.defaultOptions.urlStorage.findAllUploads();
  const found = all.find((u) => u.urlStorageKey === key);
  if (found?.uploadUrl) await tus.Upload.terminate(found.uploadUrl).catch(() => {});
  await tus.defaultOptions.urlStorage.removeUpload(key);
}
