import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { killRunning, startStore } from "../helpers/process";

/**
 * The tree the Dockerfile's final stage holds, made the same way without Docker: a production-only
 * `npm ci` of package.json and package-lock.json with the project's .npmrc, the build and
 * the demo pictures copied beside it; then the server started from another working directory.
 * It fails when the running store needs a package that is only a dev dependency, or looks for its
 * build relative to the working directory. `npm run build` first. The install takes about a
 * minute here (from npm's cache).
 */

afterEach(killRunning);

const ROOT = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

describe("the production tree (as the Dockerfile builds it)", () => {
  it("installs without dev dependencies and serves the store from another working directory", async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), "store-production-"));
    const app = path.join(base, "app");
    mkdirSync(app);
    for (const file of ["package.json", "package-lock.json", ".npmrc"])
      cpSync(path.join(ROOT, file), path.join(app, file));
    // npm ci, as the Dockerfile: it refuses a lockfile that does not match package.json or lacks a package.
    await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--no-progress"], {
      cwd: app,
      env: { ...process.env, NODE_ENV: "production" },
      maxBuffer: 16 * 1024 * 1024,
    });
    // Build-only packages stay out of the image.
    for (const devOnly of [
      "tsx",
      "vite",
      "vitest",
      "@react-router/dev",
      "esbuild",
      "typescript",
      "@playwright/test",
      "playwright-core",
    ]) {
      expect(existsSync(path.join(app, "node_modules", devOnly)), `${devOnly} is a dev dependency`).toBe(false);
    }
    cpSync(path.join(ROOT, "build"), path.join(app, "build"), { recursive: true });
    cpSync(path.join(ROOT, ".cache", "demo-pictures"), path.join(app, ".cache", "demo-pictures"), { recursive: true });

    // Another working directory, as a service manager might use: nothing may be looked up from it.
    const elsewhere = path.join(base, "elsewhere");
    mkdirSync(elsewhere);
    const started = await startStore(
      { DATA_DIR: path.join(base, "data"), DEMO_DATA: "1", NODE_ENV: "production" },
      [path.join(app, "build", "server-main", "main.js")],
      elsewhere,
    );
    expect(started.child.exitCode, started.output()).toBeNull();

    const home = await fetch(started.url);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("/product/");

    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${started.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");

    const picture = html.match(/\/media\/[\w./-]+\.webp/)?.[0];
    expect(picture).toBeDefined();
    const image = await fetch(`${started.url}${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");

    // The command line runs from the same tree, without dev dependencies: a backup of the running store.
    const cli = path.join(app, "build", "server-main", "cli.js");
    const cliEnv = {
      ...process.env,
      DATA_DIR: path.join(base, "data"),
      DATABASE_URL: "",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    };
    const backup = await run(process.execPath, [cli, "backup", "store.tar.gz"], { cwd: elsewhere, env: cliEnv });
    expect(backup.stderr).toContain("The store is running: it made the backup while serving.");
    expect(backup.stdout).toMatch(
      /Backup written to .*store\.tar\.gz and checked:\n {2}\d+ products, 0 accounts, 0 sessions, 0 orders, \d+ image files/,
    );

    // /metrics, asked from this machine (decision 042): prom-client runs from the production tree, and
    // the backup just made is the one it reports.
    const metrics = await fetch(`${started.url}/metrics`);
    expect(metrics.status).toBe(200);
    const exposition = await metrics.text();
    expect(exposition).toMatch(/^threadline_database_up 1$/m);
    expect(exposition).toMatch(/^threadline_http_requests_total\{method="GET",route="\/",status="200"\} 1$/m);
    const backupAge = Number(/^threadline_backup_age_seconds (\S+)$/m.exec(exposition)?.[1]);
    expect(backupAge).toBeGreaterThanOrEqual(0);
    expect(backupAge).toBeLessThan(120);
    expect(exposition).toMatch(/^process_resident_memory_bytes \d+$/m);

    started.child.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    const exported = await run(process.execPath, [cli, "export-orders", "orders.csv"], { cwd: elsewhere, env: cliEnv });
    expect(exported.stdout).toContain("Exported 0 order(s)");
    // The demo pictures and the database went to DATA_DIR, not to the working directory.
    expect(existsSync(path.join(elsewhere, "data"))).toBe(false);
    expect(existsSync(path.join(elsewhere, "store.tar.gz"))).toBe(true);
  }, 900_000);
});
