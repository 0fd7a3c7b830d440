import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";

/** Issue 12: every text answer is compressed for a client that accepts it; images are not recompressed. */
let database: DatabaseHandle;
let t: TestApp;
let productId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  const rows = await insertProducts(
    database.db,
    Array.from({ length: 12 }, (_, i) => ({ title: `Linen dress ${i}` })),
  );
  productId = rows[0].id;
});
afterAll(() => database.close());

const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };
const decode = (encoding: string | null, body: ArrayBuffer) => {
  const bytes = Buffer.from(body);
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return bytes.toString();
};

describe("pages, data requests and the sitemap", () => {
  // A visitor's page comes from the page store (decision 024): gzip compressed once around its
  // nonce; `.data` answers have no nonce and keep a brotli copy; the rest is compressed per request.
  it.each([
    ["/", /<!DOCTYPE html>/i, "gzip"],
    ["/_root.data", /Linen dress/, "br"],
    ["/product/{id}", /Linen dress 0/, "gzip"],
    ["/?q=linen", /Linen dress/, "gzip"],
    ["/sitemap.xml", /<urlset/, "br"],
  ])(
    "%s is sent compressed to a browser, and the same text plain to a client without compression",
    async (route, expected, encoding) => {
      const url = route.replace("{id}", productId);
      const compressed = await t.app.request(url, { headers: BROWSER });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get("Content-Encoding")).toBe(encoding);
      expect(compressed.headers.get("Vary")).toMatch(/Accept-Encoding/);
      const text = decode(encoding, await compressed.arrayBuffer());
      expect(text).toMatch(expected);

      const plain = await t.app.request(url);
      expect(plain.headers.get("Content-Encoding")).toBeNull();
      expect(await plain.text()).toMatch(expected);
    },
  );

  it("a page rendered per request (any cookie) is sent with brotli", async () => {
    const res = await t.app.request("/", { headers: { ...BROWSER, cookie: "unrelated=1" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(decode("br", await res.arrayBuffer())).toMatch(/<!DOCTYPE html>/i);
  });

  it("answers gzip to a client that takes only gzip", async () => {
    const res = await t.app.request("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(decode("gzip", await res.arrayBuffer())).toMatch(/<!DOCTYPE html>/i);
  });

  it("a personal page varies on both the cookie and the encoding", async () => {
    const res = await t.app.request("/cart", { headers: BROWSER });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    const vary = (res.headers.get("Vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(["cookie", "accept-encoding"]));
  });
});

describe("built assets", () => {
  const client = path.resolve(import.meta.dirname, "../../build/client");
  const assets = readdirSync(path.join(client, "assets"));
  const script = assets.find((name) => name.endsWith(".js") && assets.includes(`${name}.br`));

  it("are precompressed at build time", () => {
    expect(script, "a built script with its .br copy (npm run build runs scripts/precompress.mjs)").toBeTruthy();
    expect(assets).toContain(`${script}.gz`);
  });

  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
  ])("are served from the %s copy, immutable, varying on the encoding", async (accept, encoding) => {
    const res = await t.app.request(`/assets/${script}`, { headers: { "Accept-Encoding": accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe(encoding);
    expect(res.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(res.headers.get("Content-Type")).toMatch(/javascript/);
    expect(res.headers.get("Cache-Control")).toMatch(/immutable/);
    expect(decode(encoding, await res.arrayBuffer())).toBe(
      readFileSync(path.join(client, "assets", String(script)), "utf8"),
    );
  });

  it("are sent as they are to a client without compression", async () => {
    const res = await t.app.request(`/assets/${script}`);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.text()).toBe(readFileSync(path.join(client, "assets", String(script)), "utf8"));
  });

  it("public files keep their own addresses and types", async () => {
    const res = await t.app.request("/favicon.svg", { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/image\/svg\+xml/);
  });
});
