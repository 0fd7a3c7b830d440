import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FileStore } from "@tus/file-store";
import type { Server, Upload } from "@tus/server";
import { InvalidInputError } from "../../domain/errors";
import { MAX_IMAGE_BYTES } from "../../domain/product-schemas";
import { UPLOAD_EXPIRY_HOURS, UPLOAD_ID, UPLOADS_PATH, uploadMessages } from "../../domain/uploads";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { privateDir } from "../private-files";
import { ImageRejectedError, type UploadedImage, checkImage } from "./upload";
import { postgresUploadLocker } from "./upload-locker";

export const UPLOAD_EXPIRY_MS = UPLOAD_EXPIRY_HOURS * 3600_000;

/** A tus error the server answers as it is (status and text). */
const refusal = (status_code: number, body: string) => ({ status_code, body });

const notFound = () =>
  new Response("The file for this url was not found\n", { status: 404, headers: { "Tus-Resumable": "1.0.0" } });

/**
 * Resumable picture uploads (tus 1.0, docs/decisions/057-resumable-uploads.md): `@tus/server`
 * with `@tus/file-store` in UPLOAD_DIR (DATA_DIR/uploads unless set). Each upload records its
 * administrator and its file name in the store's metadata; a finished upload is checked by
 * content at once (the same checkImage as the form's files) and refused and removed if it is no
 * picture. Nothing reaches a product until the form is saved: the save takes the finished
 * uploads' bytes (`take`), stores them through the same pipeline as posted files, and removes the
 * uploads afterwards (`release`). Housekeeping removes what is left UPLOAD_EXPIRY_HOURS after it
 * was started (`purgeExpired`). On PostgreSQL a request holds an advisory lock on its upload, so
 * instances sharing UPLOAD_DIR take turns; the embedded database is one process anyway.
 */
export function createResumableUploads(deps: {
  dir: string;
  database: Pick<DatabaseHandle, "kind" | "session">;
  logger: Logger;
  /** Tests: a shorter life. */
  expiryMs?: number;
}) {
  const log = deps.logger.child({ component: "uploads" });
  const expiryMs = deps.expiryMs ?? UPLOAD_EXPIRY_MS;
  let started: Promise<{ server: Server; store: FileStore }> | undefined;

  /** The tus packages are loaded at the first upload, not at start (decision 026). */
  function tus() {
    started ??= (async () => {
      const [{ Server, MemoryLocker }, { FileStore }] = await Promise.all([
        import("@tus/server"),
        import("@tus/file-store"),
      ]);
      privateDir(deps.dir);
      const store = new FileStore({ directory: deps.dir, expirationPeriodInMilliseconds: expiryMs });
      const local = new MemoryLocker();
      const server = new Server({
        path: UPLOADS_PATH,
        datastore: store,
        // Behind a proxy the browser resolves it against the address it used.
        relativeLocation: true,
        maxSize: MAX_IMAGE_BYTES,
        locker: deps.database.kind === "postgres" ? postgresUploadLocker(deps.database, local) : local,
        namingFunction: () => randomBytes(16).toString("hex"),
        async onUploadCreate(request, upload) {
          // A declared size only: the PATCH requests are capped by it.
          if (upload.size === undefined) throw refusal(400, "Upload-Length is required\n");
          const owner = request.headers.get(OWNER_HEADER);
          if (!owner) throw refusal(401, "Sign in required\n");
          const filename = (upload.metadata?.filename ?? "image").slice(0, 200);
          return { metadata: { filename, owner } };
        },
        async onUploadFinish(_request, upload) {
          await checkFinished(store, upload);
          return {};
        },
      });
      return { server, store };
    })();
    return started;
  }

  /** The finished file by content; a refused one is removed and the browser reads why. */
  async function checkFinished(store: FileStore, upload: Upload): Promise<void> {
    const name = upload.metadata?.filename ?? "image";
    const bytes = await readFile(path.join(deps.dir, upload.id));
    try {
      const kind = await checkImage({ name, bytes });
      await store.configstore.set(upload.id, {
        ...upload,
        offset: 0,
        metadata: { ...upload.metadata, checked: kind },
      } as unknown as Upload);
    } catch (error) {
      await store.remove(upload.id).catch(() => {});
      if (error instanceof ImageRejectedError) {
        log.info({ uploadId: upload.id, reason: error.message }, "finished upload refused");
        throw refusal(415, `${error.message}\n`);
      }
      throw error;
    }
  }

  /** The upload behind an id, if it is this administrator's and not expired. */
  async function ownUpload(store: FileStore, ownerId: string, id: string): Promise<Upload | undefined> {
    if (!UPLOAD_ID.test(id)) return undefined;
    let upload: Upload;
    try {
      upload = await store.getUpload(id);
    } catch {
      return undefined;
    }
    if (upload.metadata?.owner !== ownerId) return undefined;
    const created = upload.creation_date ? Date.parse(upload.creation_date) : 0;
    if (Date.now() > created + expiryMs) return undefined;
    return upload;
  }

  return {
    /**
     * Answers a tus request (POST, HEAD, PATCH, DELETE, OPTIONS) of the administrator
     * `ownerId`: the caller checked the session. Another administrator's upload, an expired or
     * unknown one, is not found.
     */
    async handle(request: Request, ownerId: string): Promise<Response> {
      const { server, store } = await tus();
      const rest = new URL(request.url).pathname.slice(UPLOADS_PATH.length).replace(/^\/+|\/+$/g, "");
      const method = request.method.toUpperCase();
      if (rest === "") {
        if (method !== "POST" && method !== "OPTIONS") return new Response("Method not allowed\n", { status: 405 });
      } else {
        if (rest.includes("/") || !["HEAD", "PATCH", "DELETE", "OPTIONS"].includes(method)) return notFound();
        if (method !== "OPTIONS" && !(await ownUpload(store, ownerId, rest))) return notFound();
      }
      const headers = new Headers(request.headers);
      headers.set(OWNER_HEADER, ownerId);
      const init: RequestInit & { duplex?: "half" } = { method, headers, signal: request.signal };
      if (request.body && method !== "HEAD") {
        init.body = request.body;
        init.duplex = "half";
      }
      return server.handleWeb(new Request(request.url, init));
    },

    /**
     * The bytes of finished, checked uploads of this administrator, in the order given, for a
     * save (the caller stores them through storeUploadedImages). Anything else is refused with
     * the form's message and nothing is changed.
     */
    async take(ownerId: string, ids: readonly string[]): Promise<UploadedImage[]> {
      if (ids.length === 0) return [];
      const { store } = await tus();
      const images: UploadedImage[] = [];
      for (const id of new Set(ids)) {
        const upload = await ownUpload(store, ownerId, id);
        if (!upload) throw new InvalidInputError(uploadMessages.unknownUpload);
        if (upload.size === undefined || upload.offset !== upload.size || !upload.metadata?.checked)
          throw new InvalidInputError(uploadMessages.unfinishedUpload);
        images.push({ name: upload.metadata.filename ?? "image", bytes: await readFile(path.join(deps.dir, id)) });
      }
      return images;
    },

    /** Removes uploads a save has stored; a failure is only logged (housekeeping removes it later). */
    async release(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      const { store } = await tus();
      for (const id of new Set(ids)) {
        if (!UPLOAD_ID.test(id)) continue;
        await store.remove(id).catch((err) => log.warn({ err, uploadId: id }, "could not remove a used upload"));
      }
    },

    /** Housekeeping: every upload started more than the expiry ago, finished or not. */
    async purgeExpired(): Promise<number> {
      // Nothing was ever uploaded here: the tus packages stay unloaded.
      if (!started && !existsSync(deps.dir)) return 0;
      const { store } = await tus();
      return store.deleteExpired();
    },
  };
}

/** Set by handle() on the request tus sees, never taken from the browser (handle overwrites it). */
const OWNER_HEADER = "x-threadline-upload-owner";

export type ResumableUploads = ReturnType<typeof createResumableUploads>;
