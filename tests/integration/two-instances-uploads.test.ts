import http from "node:http";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeS3 } from "../fakes/s3";
import { type FakeSmtp, linkIn } from "../fakes/smtp";
import { GOOD_PASSWORD } from "../helpers/accounts";
import { productForm, validFields } from "../helpers/admin";
import type { RoundRobinProxy } from "../helpers/round-robin-proxy";
import { startTwoStores, type TwoStores } from "../helpers/two-stores";

/**
 * Resumable uploads on two instances behind a round-robin proxy (decision 057): one PostgreSQL
 * database, S3 for the stored pictures, and one UPLOAD_DIR both instances reach. Each step of an
 * upload lands on the other instance than the step before; two PATCHes of the same upload at
 * once, one per instance, take turns through PostgreSQL's advisory lock, so exactly one of them
 * writes. Needs `npm run build` first, and PostgreSQL (TEST_DATABASE_URL's server, or this
 * machine's).
 */

const ADMIN = "admin@uploads-two.test";
const TUS = { "Tus-Resumable": "1.0.0" };
const KB = 1024;

let s3: FakeS3;
let smtp: FakeSmtp;
let proxy: RoundRobinProxy;
let two: TwoStores;

beforeAll(async () => {
  two = await startTwoStores({
    name: "uploads",
    adminEmail: ADMIN,
    clientAddress: "203.0.113.9",
    env: { UPLOAD_DIR: mkdtempSync(path.join(os.tmpdir(), "store-uploads-shared-")) },
  });
  ({ s3, smtp, proxy } = two);
}, 300_000);

afterAll(() => two?.stop(), 60_000);

const cookies = new Map<string, string>();

async function request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${proxy.url}${pathOrUrl}`;
  const headers = new Headers(init.headers);
  if (!["GET", "HEAD"].includes(init.method ?? "GET")) headers.set("origin", proxy.url);
  if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await fetch(url, { ...init, headers, redirect: "manual" });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return res;
}

/** The request, sent through the proxy when `instance` serves next. */
async function on(instance: "A" | "B", pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
  if (proxy.next !== instance) await fetch(`${proxy.url}/healthz`);
  const res = await request(pathOrUrl, init);
  expect(res.headers.get("x-served-by")).toBe(instance);
  return res;
}

const patch = (offset: number, body: Buffer): RequestInit => ({
  method: "PATCH",
  headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
  body: new Uint8Array(body),
});

/**
 * A PATCH whose headers go at once (Expect: 100-continue makes Node send them, and the proxy
 * passes them on) and whose body follows 700 ms later, as from a slow phone: the store has read
 * the upload's offset before a byte arrives. Returns the status and the instance that answered.
 */
function slowPatch(location: string, offset: number, body: Buffer): Promise<{ status: number; by: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${proxy.url}${location}`, {
      method: "PATCH",
      headers: {
        ...TUS,
        expect: "100-continue",
        origin: proxy.url,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        "upload-offset": String(offset),
        "content-type": "application/offset+octet-stream",
        "content-length": String(body.length),
      },
    });
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, by: String(res.headers["x-served-by"]) });
    });
    req.on("error", reject);
    setTimeout(() => req.end(body), 700);
  });
}

async function photo(): Promise<Buffer> {
  const width = 500;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe("resumable uploads on two instances", () => {
  it("an upload started on A goes on on B, is checked, and a save on A stores it", async () => {
    const json = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(
      (await on("A", "/api/auth/sign-up/email", json({ name: "", email: ADMIN, password: GOOD_PASSWORD }))).status,
    ).toBe(200);
    const mail = await smtp.waitFor(ADMIN, { timeoutMs: 30_000 });
    expect((await on("B", linkIn(mail, `${proxy.url}/api/auth/verify-email`))).status).toBe(302);
    expect((await on("A", "/api/auth/sign-in/email", json({ email: ADMIN, password: GOOD_PASSWORD }))).status).toBe(
      200,
    );

    const bytes = await photo();
    expect(bytes.length).toBeGreaterThan(768 * KB);
    const created = await on("A", "/api/uploads", {
      method: "POST",
      headers: { ...TUS, "Upload-Length": String(bytes.length), "Upload-Metadata": `filename ${btoa("two.png")}` },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";

    const first = await on("B", location, patch(0, bytes.subarray(0, 256 * KB)));
    expect(first.status).toBe(204);
    const asked = await on("A", location, { method: "HEAD", headers: TUS });
    expect(asked.headers.get("upload-offset")).toBe(String(256 * KB));
    const second = await on("A", location, patch(256 * KB, bytes.subarray(256 * KB, 768 * KB)));
    expect(second.status).toBe(204);

    // The same chunk from both instances at once: the lock lets one write, the other finds the offset moved (409).
    const rest = bytes.subarray(768 * KB);
    if (proxy.next !== "A") await fetch(`${proxy.url}/healthz`);
    // Both instances read the offset before either has a byte of the body.
    const both = await Promise.all([slowPatch(location, 768 * KB, rest), slowPatch(location, 768 * KB, rest)]);
    expect(new Set(both.map((r) => r.by))).toEqual(new Set(["A", "B"]));
    expect(both.map((r) => r.status).sort()).toEqual([204, 409]);
    expect((await on("B", location, { method: "HEAD", headers: TUS })).headers.get("upload-offset")).toBe(
      String(bytes.length),
    );

    const form = productForm({ ...validFields, title: "Two Instance Upload" });
    form.append("uploads", location.split("/").pop() ?? "");
    const saved = await on("A", "/admin/add-product", { method: "POST", body: form });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const [row] = await two.query<{ image_urls: string[] }>("select image_urls from products where title = $1", [
      "Two Instance Upload",
    ]);
    expect(row.image_urls).toHaveLength(1);
    const key = row.image_urls[0].replace(`${s3.url}/images/`, "");
    expect([...s3.objects.keys()].filter((k) => k.startsWith(key))).toHaveLength(3);
    // Used: gone for both.
    expect((await on("B", location, { method: "HEAD", headers: TUS })).status).toBe(404);
  }, 120_000);
});
