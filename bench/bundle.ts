import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { ROOT } from "./server-process";

export interface BundleFigures {
  route: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

const CLIENT_DIR = path.join(ROOT, "build", "client");

/** Sizes of one built file: raw, gzip (level 9) and brotli (quality 11), as a precompressing server would send it. */
function sizes(file: string) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * The JavaScript each route loads before any user action: the page is opened in Debian's
 * Chromium and left until the network is idle; every script it fetched from the store is
 * measured from the build output (build/client), so the figures do not depend on whether the
 * server compresses.
 */
export async function measureBundles(
  base: string,
  routes: { name: string; path: string; cookie?: string }[],
): Promise<BundleFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const results: BundleFigures[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      if (route.cookie) {
        const cookies = route.cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
        });
        await context.addCookies(cookies);
      }
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script" && request.url().startsWith(base))
          scripts.add(new URL(request.url()).pathname);
      });
      const res = await page.goto(`${base}${route.path}`, { waitUntil: "networkidle" });
      if (!res || res.status() >= 400) throw new Error(`${route.path} answered ${res?.status()}`);
      let raw = 0;
      let gzip = 0;
      let brotli = 0;
      for (const script of scripts) {
        const s = sizes(path.join(CLIENT_DIR, decodeURIComponent(script)));
        raw += s.raw;
        gzip += s.gzip;
        brotli += s.brotli;
      }
      results.push({ route: route.name, files: scripts.size, rawBytes: raw, gzipBytes: gzip, brotliBytes: brotli });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
