import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/process";

/**
 * Issue 22, point 9: the nginx sample of docs/deploy.md (section 5) must work on the nginx an
 * operator gets from Debian 12 (1.22, which refuses `http2 on;`). The test takes the sample from
 * the document itself, so the two cannot drift apart, changes only what a test machine must (the
 * certificate paths, to a self-signed certificate made here; the ports; the store's address, to a
 * small server standing in for the store), checks it with `nginx -t`, and then runs it: HTTP/2 over
 * TLS, the headers the store needs (Host, X-Forwarded-For, X-Forwarded-Proto), a live-update
 * event passed on while its stream stays open, and the redirect from port 80. Needs nginx (`apt-get install nginx`,
 * which .ci/run does) and openssl.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
/** Debian puts nginx in /usr/sbin, which an ordinary user's PATH may lack. */
const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

/** The ```nginx block of docs/deploy.md, as written. */
function nginxSample(): string {
  const doc = readFileSync(path.join(ROOT, "docs", "deploy.md"), "utf8");
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks, "docs/deploy.md has one nginx sample").toHaveLength(1);
  return blocks[0];
}

/** Replaces `from` (which must appear exactly once, so a change to the sample is noticed here) with `to`. */
function once(text: string, from: string, to: string): string {
  expect(text.split(from).length - 1, `the sample has "${from}" once`).toBe(1);
  return text.replace(from, to);
}

let dir: string;
let nginx: ReturnType<typeof spawn> | undefined;
let store: Server;
let httpsPort: number;
let httpPort: number;
let cert: Buffer;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let releaseStream: () => void = () => {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "store-nginx-"));
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=shop.example.com",
    "-addext",
    "subjectAltName=DNS:shop.example.com",
    "-days",
    "1",
    "-keyout",
    path.join(dir, "privkey.pem"),
    "-out",
    path.join(dir, "fullchain.pem"),
  ]);
  cert = readFileSync(path.join(dir, "fullchain.pem"));

  // The store, as far as nginx can tell: it records what arrives, and /api/events streams.
  store = createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    if (req.method === "PATCH") {
      // A resumable upload's chunk: the store counts what arrived.
      let bytes = 0;
      req.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on("end", () => res.writeHead(204, { "upload-offset": String(bytes) }).end());
      return;
    }
    if (req.url === "/api/events") {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store" });
      res.write("data: first\n\n");
      releaseStream = () => res.end("data: last\n\n");
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end(`page ${req.url}`);
  });
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  const storePort = (store.address() as { port: number }).port;
  httpsPort = await freePort();
  httpPort = await freePort();

  let sample = nginxSample();
  sample = once(sample, "/etc/letsencrypt/live/shop.example.com/fullchain.pem", path.join(dir, "fullchain.pem"));
  sample = once(sample, "/etc/letsencrypt/live/shop.example.com/privkey.pem", path.join(dir, "privkey.pem"));
  sample = once(sample, "server 127.0.0.1:3000;", `server 127.0.0.1:${storePort};`);
  sample = once(sample, "listen 443 ", `listen 127.0.0.1:${httpsPort} `);
  sample = once(sample, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  // The parts of nginx.conf around the sample that a distribution's own file has, pointed at the test's folder.
  const conf = [
    "daemon off;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    ...(os.userInfo().uid === 0 ? ["user root;"] : []),
    "events {}",
    "http {",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`,
    ),
    sample,
    "}",
  ].join("\n");
  writeFileSync(path.join(dir, "nginx.conf"), conf);
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    nginx.kill("SIGTERM");
    await new Promise((resolve) => nginx!.once("exit", resolve));
  }
  await new Promise<void>((resolve) => store?.close(() => resolve()));
});

/** One HTTP/2 request over TLS to nginx, for shop.example.com; the body is read until `until` says enough. */
async function h2(pathname: string, until?: (body: string) => boolean) {
  const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca: cert, servername: "shop.example.com" });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once("connect", () => resolve());
      session.once("error", reject);
    });
    const request = session.request({ ":path": pathname, ":authority": "shop.example.com" });
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => request.once("response", resolve));
    let body = "";
    await new Promise<void>((resolve, reject) => {
      request.setEncoding("utf8");
      request.on("data", (chunk: string) => {
        body += chunk;
        if (until?.(body)) resolve();
      });
      request.once("end", () => resolve());
      request.once("error", reject);
    });
    request.close();
    return { alpn: session.alpnProtocol, status: headers[":status"], body };
  } finally {
    session.close();
  }
}

/** A PATCH of `bytes` zero bytes over HTTP/2 and TLS: the status and the Upload-Offset the store answered. */
async function h2Patch(pathname: string, bytes: number) {
  const session = http2.connect(`https://127.0.0.1:${httpsPort}`, { ca: cert, servername: "shop.example.com" });
  try {
    const request = session.request({
      ":method": "PATCH",
      ":path": pathname,
      ":authority": "shop.example.com",
      "content-type": "application/offset+octet-stream",
      "content-length": String(bytes),
    });
    request.on("error", () => {});
    request.end(Buffer.alloc(bytes));
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve) => request.once("response", resolve));
    request.resume();
    return { status: headers[":status"], offset: headers["upload-offset"] };
  } finally {
    session.close();
  }
}

describe("the nginx sample of docs/deploy.md on this machine's nginx", () => {
  it("passes nginx -t", async () => {
    const { stderr } = await run(NGINX, ["-t", "-c", path.join(dir, "nginx.conf")]).catch((error) => {
      throw new Error(`nginx -t refused the sample:\n${(error as { stderr?: string }).stderr}`);
    });
    expect(stderr).toContain("test is successful");
  });

  it("serves the store over HTTP/2 and TLS with the headers the store trusts, passes a live-update event on while its stream is open, and redirects port 80", async () => {
    let errors = "";
    nginx = spawn(NGINX, ["-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
    nginx.stderr!.on("data", (d) => {
      errors += d;
    });
    // Listening once it answers on port 80.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${httpPort}/x`, { redirect: "manual" }).catch(() => undefined);
      if (answer) break;
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const page = await h2("/product/1?x=1");
    expect(page).toEqual({ alpn: "h2", status: 200, body: "page /product/1?x=1" });
    const request = seen.find((r) => r.url === "/product/1?x=1")!;
    expect(request.headers.host).toBe("shop.example.com");
    expect(request.headers["x-forwarded-proto"]).toBe("https");
    expect(request.headers["x-forwarded-for"]).toBe("127.0.0.1");

    // The first event arrives while the store still holds the stream open. (nginx 1.22 passes a
    // small event on with buffering on as well, so this does not tell `proxy_buffering off` apart.)
    const stream = h2("/api/events", (body) => body.includes("data: first"));
    const first = await stream;
    expect(first.body).toBe("data: first\n\n");
    releaseStream();

    // A resumable upload's chunk of a whole 10 MB picture goes through to the store (decision 057).
    const chunk = await h2Patch("/api/uploads/0123456789abcdef0123456789abcdef", 10 * 1024 * 1024);
    expect(chunk).toEqual({ status: 204, offset: String(10 * 1024 * 1024) });

    // fetch() may not set Host: a plain request, as a browser typing the address would send it.
    const redirect = await new Promise<IncomingMessage>((resolve, reject) =>
      get({ host: "127.0.0.1", port: httpPort, path: "/cart?a=1", headers: { host: "shop.example.com" } }, resolve).on(
        "error",
        reject,
      ),
    );
    redirect.resume();
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe("https://shop.example.com/cart?a=1");
  });
});
