import { useCallback, useEffect, useRef, useState } from "react";
import { PARALLEL_UPLOADS, type UploadFailure } from "../../domain/uploads";
import { type RunningUpload, startUpload } from "./resumable-upload";

/** A picture added to the product form, and where its upload stands. */
export interface NewImage {
  key: string;
  file: File;
  status: "queued" | "uploading" | "done" | "failed";
  sent: number;
  /** Set when done: what the form sends on save. */
  uploadId?: string;
  /** Why it failed, in the brief's storage states. */
  failure?: UploadFailure;
  message?: string;
  /** It carried on from an upload started before a reload. */
  resumed?: boolean;
}

let nextKey = 0;

/**
 * The product form's new pictures and their uploads (decision 057): each picked file is queued,
 * at most PARALLEL_UPLOADS go at once, each has its progress, and each can be canceled or tried
 * again. Removing a picture cancels its upload.
 */
export function useResumableUploads() {
  const [images, setImages] = useState<NewImage[]>([]);
  const running = useRef(new Map<string, RunningUpload>());
  const starting = useRef(new Set<string>());

  const update = useCallback((key: string, change: Partial<NewImage>) => {
    setImages((all) => all.map((image) => (image.key === key ? { ...image, ...change } : image)));
  }, []);

  // Starts queued uploads while fewer than PARALLEL_UPLOADS are on their way.
  useEffect(() => {
    const busy = images.filter((image) => image.status === "uploading").length;
    const waiting = images.filter((image) => image.status === "queued" && !starting.current.has(image.key));
    for (const image of waiting.slice(0, Math.max(0, PARALLEL_UPLOADS - busy))) {
      starting.current.add(image.key);
      update(image.key, { status: "uploading", sent: 0, failure: undefined, message: undefined });
      void startUpload(image.file, {
        onProgress: (sent) => update(image.key, { sent }),
        onSuccess: (uploadId) => {
          running.current.delete(image.key);
          update(image.key, { status: "done", sent: image.file.size, uploadId });
        },
        onError: (failure, message) => {
          running.current.delete(image.key);
          update(image.key, { status: "failed", failure, message });
        },
        onResume: () => update(image.key, { resumed: true }),
      })
        .then((upload) => running.current.set(image.key, upload))
        .catch(() => update(image.key, { status: "failed", failure: "retry_limit_exceeded" }))
        .finally(() => starting.current.delete(image.key));
    }
  }, [images, update]);

  return {
    images,
    add(files: readonly File[]) {
      setImages((all) => [
        ...all,
        ...files.map((file) => ({ key: `upload-${nextKey++}`, file, status: "queued" as const, sent: 0 })),
      ]);
    },
    /** Stops the upload; the picture stays, marked canceled, until removed or tried again. */
    async cancel(key: string) {
      const upload = running.current.get(key);
      running.current.delete(key);
      if (upload) await upload.cancel();
    },
    retry(key: string) {
      update(key, { status: "queued", sent: 0, failure: undefined, message: undefined, uploadId: undefined });
    },
    remove(key: string) {
      const upload = running.current.get(key);
      running.current.delete(key);
      if (upload) void upload.cancel();
      setImages((all) => all.filter((image) => image.key !== key));
    },
  };
}
