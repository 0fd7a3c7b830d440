import path from "node:path";
import { defineConfig } from "@playwright/test";
import { SHOPPER_SLOTS } from "./roles";

const PORT = Number(process.env.E2E_PORT ?? 3199);
const ROOT = path.resolve(import.meta.dirname, "../..");
// One data folder per port, so two runs on one machine never share a database.
export const E2E_DATA_DIR = path.join(ROOT, "test-results", `e2e-data-${PORT}`);

/** Debian's Chromium: the build machines cannot download a browser. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  outputDir: path.join(ROOT, "test-results", "e2e"),
  fullyParallel: true,
  workers: SHOPPER_SLOTS,
  retries: 0,
  reporter: [["list"]],
  // Deadlines, not waits: a test ends as soon as what it expects is there. The 2-core machines run
  // some days three times slower than others (docs/testing.md); a journey of 20 s on a quiet day met
  // 30 s, and a product save with pictures 7 s, on a slow one (issue 36's CI runs).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs the owner and one shopper per worker in once, through the store's own endpoints, and saves
    // their cookies (tests/e2e/roles.ts): no test signs in unless signing in is what it tests.
    { name: "roles", testMatch: "roles.setup.ts" },
    {
      name: "desktop",
      dependencies: ["roles"],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // At 390 px: the accessibility sweep and the tests tagged PHONE (one pass per journey, and what a
      // phone lays out or touches differently: tests/e2e/fixtures.ts). Rules and server answers do not
      // depend on the width; they run once, at 1280 px, or lower down (docs/testing.md).
      name: "phone",
      dependencies: ["roles"],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
  webServer: {
    // Prepares a fresh data folder (demo catalogue plus e2e fixtures), then starts the built server. Not through
    // scripts/serve.sh (`npm start`): its allocator and V8 settings are for memory under load, which the bench measures.
    command: "node --import tsx tests/e2e/prepare.ts && node --enable-source-maps build/server-main/main.js",
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DEMO_DATA: "1",
      LOG_LEVEL: "warn",
      // Every test signs up and in from 127.0.0.1; the per-account limit still applies.
      AUTH_RATE_LIMIT: "1000",
      // One shopper per worker starts every checkout test's payments within a minute or so.
      CHECKOUT_RATE_LIMIT: "100",
      NODE_ENV: "production",
    },
  },
});
