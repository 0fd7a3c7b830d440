import { brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip, chooseEncoding, compression, isCompressible } from "./compression";

describe("chooseEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=1", "gzip"],
    ["br;q=1, gzip;q=0.5", "br"],
    ["gzip;q=0, br;q=0", null],
    ["*", "br"],
    ["*;q=0", null],
    ["*, br;q=0", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", null],
    ["GZIP", "gzip"],
    ["br;q=abc, gzip", "gzip"],
  ])("%j → %j", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("acceptsGzip", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["identity", false],
    ["br", false],
    ["br, gzip", true],
    ["gzip;q=0, br", false],
    ["x-gzip", true],
    ["*", true],
    ["*;q=0", false],
    ["*, gzip;q=0", false],
    ["GZIP;q=0.1", true],
  ])("%j → %j", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("isCompressible", () => {
  it.each([
    ["text/html; charset=utf-8", true],
    ["text/x-script", true],
    ["application/json", true],
    ["application/xml; charset=utf-8", true],
    ["image/svg+xml", true],
    ["application/problem+json", true],
    ["text/javascript", true],
    ["text/css", true],
    ["text/event-stream", false],
    ["image/webp", false],
    ["image/png", false],
    ["application/octet-stream", false],
    ["font/woff2", false],
    [null, false],
  ])("%j → %j", (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

const page = `<!DOCTYPE html><html><body>${"<p>A linen wrap dress in sand.</p>".repeat(200)}</body></html>`;

const part = (n: number) => `<div>part ${n}</div>`.repeat(100);

/**
 * The streamed body of /stream: three parts, with a pause after each that lasts until the test
 * ends it (`resume`), as a page that waits for its data between parts.
 */
function pausingProducer() {
  const encoder = new TextEncoder();
  let made = 0;
  let flowing = false;
  let endPause = () => {};
  let step: Promise<void> = Promise.resolve();
  let over = () => {};
  const finished = new Promise<void>((resolve) => {
    over = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      step = (async () => {
        if (made === 3) {
          controller.close();
          over();
          return;
        }
        controller.enqueue(encoder.encode(part(made)));
        made++;
        if (!flowing)
          await new Promise<void>((resolve) => {
            endPause = resolve;
          });
      })();
      return step;
    },
    cancel() {
      over();
    },
  });
  return {
    body,
    /** How many parts it has made. */
    made: () => made,
    /** Ends the pause and makes the rest without pausing; resolves once the body is closed or cancelled and the producer's step in progress has ended. */
    async resume() {
      flowing = true;
      endPause();
      await finished;
      await step;
    },
  };
}

function testApp(producer = pausingProducer()) {
  const app = new Hono();
  app.use(compression());
  app.get("/page", (c) => c.html(page));
  app.get("/personal", (c) => c.html(page, 200, { Vary: "Cookie" }));
  app.get("/tiny", (c) => c.text("ok"));
  app.get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/webp" }));
  app.get("/events", (c) => c.body("data: x\n\n".repeat(500), 200, { "Content-Type": "text/event-stream" }));
  app.get("/encoded", (c) => c.body("x".repeat(4096), 200, { "Content-Type": "text/plain", "Content-Encoding": "br" }));
  app.get("/no-transform", (c) => c.text("x".repeat(4096), 200, { "Cache-Control": "no-transform" }));
  app.get("/stream", (c) => c.body(producer.body, 200, { "Content-Type": "text/html; charset=utf-8" }));
  return app;
}

describe("compression middleware", () => {
  it("answers brotli when accepted, with Vary and without the old length", async () => {
    const res = await testApp().request("/page", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(res.headers.get("Content-Length")).toBeNull();
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it("answers gzip when brotli is not accepted", async () => {
    const res = await testApp().request("/page", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
  });

  it("answers plainly, still varying, to a client that accepts no coding", async () => {
    const res = await testApp().request("/page");
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe(page);
  });

  it("keeps an existing Vary", async () => {
    const res = await testApp().request("/personal", { headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
  });

  it.each(["/tiny", "/image", "/events", "/no-transform"])("leaves %s as it is", async (path) => {
    const res = await testApp().request(path, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(res.headers.get("Content-Encoding")).toBeNull();
  });

  it("never encodes twice", async () => {
    const res = await testApp().request("/encoded", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(await res.text()).toBe("x".repeat(4096));
  });

  it("sends nothing on HEAD", async () => {
    const res = await testApp().request("/page", { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("Content-Encoding")).toBeNull();
  });

  it("survives a client that goes away in the middle of a compressed answer", async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("uncaughtException", onError);
    try {
      for (const encoding of ["br", "gzip"]) {
        const producer = pausingProducer();
        const res = await testApp(producer).request("/stream", { headers: { "Accept-Encoding": encoding } });
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        await reader.read();
        await reader.cancel("client closed the connection");
        // The producer goes on after the cancel: its pause ends and it tries to make the rest.
        await producer.resume();
      }
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(errors).toEqual([]);
  });

  it("passes a streamed body through as it is produced: the first part arrives before the last is made", async () => {
    const producer = pausingProducer();
    const res = await testApp(producer).request("/stream", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    const chunks = [first.value as Uint8Array];
    // The producer pauses after its first part: that part comes through whole while it waits.
    const soFar = () => gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    while (soFar() !== part(0)) {
      const next = await reader.read();
      expect(next.done).toBe(false);
      chunks.push(next.value as Uint8Array);
    }
    expect(producer.made()).toBe(1);
    const rest = producer.resume();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    await rest;
    expect(chunks.length).toBeGreaterThan(1);
    const text = gunzipSync(Buffer.concat(chunks)).toString();
    expect(text).toBe([0, 1, 2].map(part).join(""));
  });
});
