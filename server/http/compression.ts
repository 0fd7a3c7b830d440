import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

/**
 * Compression of the store's own responses (decision 022): brotli when the client accepts it,
 * else gzip; built assets are precompressed at build time (scripts/precompress.mjs) and served
 * as files by serveStatic, so this middleware only compresses what is made per request: pages,
 * `.data` requests, JSON, the sitemap. Hono's own `compress` middleware speaks gzip and deflate
 * only (through CompressionStream), hence Node's zlib here.
 */

export type Encoding = "br" | "gzip";

/** Text types worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|xml|javascript|x-javascript|manifest\+json|ld\+json|rss\+xml|atom\+xml)|image\/svg\+xml)|[+/](json|xml)\b/i;

/** Below this many bytes the headers and the work cost more than they save. */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli quality for per-request bodies: 4 compresses a page in about a millisecond; 11 (build time) is for files made once. */
const BROTLI_QUALITY = 4;

export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli if acceptable, else gzip,
 * else none. A coding with q=0 is refused; `*` stands for every coding not named.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = codingWeights(acceptEncoding);
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = gzipWeight(weights);
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  if (br > 0) return "br";
  return null;
}

/** Whether a gzip answer is acceptable (a body compressed once in gzip, page-store.ts, is sent rather than compressed again in brotli). */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  return !!acceptEncoding && gzipWeight(codingWeights(acceptEncoding)) > 0;
}

function gzipWeight(weights: Map<string, number>): number {
  return weights.get("gzip") ?? weights.get("x-gzip") ?? weights.get("*") ?? 0;
}

/** Each coding's q-value: a coding with q=0 is refused; `*` stands for every coding not named. */
function codingWeights(acceptEncoding: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key === "q") {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    weights.set(name.trim(), q);
  }
  return weights;
}

function compressor(encoding: Encoding, sizeHint: number | undefined): zlib.BrotliCompress | zlib.Gzip {
  if (encoding === "gzip") return zlib.createGzip({ level: 6 });
  const params: Record<number, number> = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    // A 256 KB window holds any page; the default 4 MB window costs an allocation per answer.
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  };
  if (sizeHint) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return zlib.createBrotliCompress({ params });
}

/**
 * A web TransformStream over a zlib stream that flushes whenever the body pauses (no new chunk
 * in the same turn of the event loop), so a streamed page (React's Suspense, a `.data` stream)
 * still reaches the browser as it is produced, while back-to-back chunks share one block.
 */
export function compressionStream(encoding: Encoding, sizeHint?: number): TransformStream<Uint8Array, Uint8Array> {
  const z = compressor(encoding, sizeHint);
  let flushScheduled = false;
  let ended = false;
  const flushKind = encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  // `cancel` (the reader went away) is in the streams standard and Node's, not yet in TypeScript's types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(): void } = {
    start(controller) {
      z.on("data", (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          // The reader went away (the client closed the connection): stop compressing.
          ended = true;
          z.destroy();
        }
      });
      z.on("error", (error) => {
        try {
          controller.error(error);
        } catch {
          // already closed or errored
        }
      });
    },
    transform(chunk) {
      if (ended) return;
      z.write(chunk);
      if (flushScheduled) return;
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        if (!ended && !z.destroyed) z.flush(flushKind);
      });
    },
    flush() {
      ended = true;
      if (z.destroyed) return;
      return new Promise<void>((resolve, reject) => {
        z.once("end", resolve);
        z.once("close", resolve);
        z.once("error", reject);
        z.end();
      });
    },
    cancel() {
      // The reader went away (the client closed the connection): stop compressing now, so no
      // output of the zlib stream's work in flight arrives after the answer is over.
      ended = true;
      z.destroy();
    },
  };
  return new TransformStream<Uint8Array, Uint8Array>(transformer);
}

/**
 * Reads a body until `limit` bytes have come or it ends; returns a body that replays what was
 * read and then goes on, whether it ended, and how many bytes were read.
 */
async function readHead(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  while (size < limit) {
    const next = await reader.read();
    if (next.done) {
      complete = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  const replay = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (complete) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { body: replay, size, complete };
}

/** Adds a token to a Vary header without repeating it. */
export function addVary(headers: Headers, token: string) {
  const current = headers.get("Vary");
  if (!current) return headers.set("Vary", token);
  const tokens = current.split(",").map((t) => t.trim().toLowerCase());
  if (!tokens.includes(token.toLowerCase()) && !tokens.includes("*")) headers.set("Vary", `${current}, ${token}`);
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || c.req.method === "HEAD") return;
    if (res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has("Content-Encoding")) return;
    if (!isCompressible(res.headers.get("Content-Type"))) return;
    if (/\bno-transform\b/i.test(res.headers.get("Cache-Control") ?? "")) return;
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < COMPRESSION_THRESHOLD) return;

    try {
      addVary(res.headers, "Accept-Encoding");
    } catch {
      // immutable headers (a fetched response passed through): leave the answer as it is
      return;
    }
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    let body: ReadableStream<Uint8Array> = res.body;
    if (length === null) {
      // No length given (a page streamed by React, a JSON answer): read up to the threshold first.
      const head = await readHead(body, COMPRESSION_THRESHOLD);
      body = head.body;
      if (head.complete && head.size < COMPRESSION_THRESHOLD) {
        c.res = new Response(body, res);
        return;
      }
    }
    c.res = new Response(body.pipeThrough(compressionStream(encoding, length ? Number(length) : undefined)), res);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
  };
}
