import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// How the built server starts lives in scripts/serve.sh: `npm start` and `npm run serve` run it,
// the container image runs it, and the bench starts the store through it (bench/server-process.ts),
// so losing a setting would go unnoticed until memory grew again under load.
const root = path.resolve(import.meta.dirname, "..");
const scripts = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
const serveScript = path.join(root, "scripts/serve.sh");

/**
 * What the script would run, read without starting the store: a `node` first on PATH that prints
 * its arguments and the allocator settings it was given.
 */
function launch(env: Record<string, string> = {}, args: string[] = []) {
  const bin = mkdtempSync(path.join(os.tmpdir(), "serve-script-"));
  writeFileSync(
    path.join(bin, "node"),
    '#!/bin/sh\nprintf \'%s\\n\' "LD_PRELOAD=$LD_PRELOAD" "MALLOC_CONF=$MALLOC_CONF" "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX" "GLIBC_TUNABLES=$GLIBC_TUNABLES" "$@"\n',
    { mode: 0o755 },
  );
  const { LD_PRELOAD: _preload, MALLOC_CONF: _conf, THREADLINE_JEMALLOC: _choice, ...inherited } = process.env;
  let out: string;
  try {
    out = execFileSync("sh", [serveScript, ...args], {
      cwd: os.tmpdir(),
      env: { ...inherited, ...env, PATH: `${bin}:${process.env.PATH}` },
      encoding: "utf8",
    });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
  const lines = out.trim().split("\n");
  const settings = Object.fromEntries(lines.slice(0, 4).map((line) => line.split(/=(.*)/s).slice(0, 2)));
  return { settings, argv: lines.slice(4) };
}

describe("the serve script", () => {
  it("is what npm start and npm run serve run", () => {
    expect(scripts.serve).toBe("sh scripts/serve.sh");
    expect(scripts.start).toBe("npm run build && npm run serve");
  });

  it.each([
    ["--heap-growing-percent=10", "old space grows by at most 10 % of the live heap between full collections"],
    ["--max-semi-space-size=4", "a young generation of 2 × 4 MB"],
    ["--enable-source-maps", "stack traces name the sources"],
    ["--v8-pool-size=1", "one V8 worker thread, so one more malloc arena instead of four (decision 063)"],
    ["--expose-gc", "one full collection when the requests stop after a burst (server/idle-collect.ts, decision 065)"],
  ])("runs node with %s (%s)", (flag) => {
    expect(launch().argv).toContain(flag);
  });

  it("runs the built server from any working directory, with extra node flags before it", () => {
    const { argv } = launch({}, ["--inspect=127.0.0.1:0"]);
    const entry = argv.at(-1) ?? "";
    expect(path.resolve(entry)).toBe(path.join(root, "build/server-main/main.js"));
    expect(argv.at(-2)).toBe("--inspect=127.0.0.1:0");
  });

  it("sets glibc's malloc to two arenas and a fixed mmap threshold, unless the environment says otherwise (decision 065)", () => {
    expect(launch().settings).toMatchObject({
      MALLOC_ARENA_MAX: "2",
      GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072",
    });
    expect(launch({ MALLOC_ARENA_MAX: "4" }).settings.MALLOC_ARENA_MAX).toBe("4");
  });

  const jemalloc = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
    .map((dir) => path.join(dir, "libjemalloc.so.2"))
    .find((file) => existsSync(file));

  it("preloads jemalloc when the system has it, with memory given back within a second (decision 066)", () => {
    // CI and the container image install libjemalloc2 (.ci/run, Dockerfile).
    expect(jemalloc, "libjemalloc2 is not installed: apt-get install libjemalloc2").toBeDefined();
    expect(launch().settings).toMatchObject({
      LD_PRELOAD: jemalloc,
      MALLOC_CONF: "background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0",
    });
  });

  it("keeps the environment's own preload, or glibc when THREADLINE_JEMALLOC=0", () => {
    expect(launch({ LD_PRELOAD: "/opt/other.so" }).settings).toMatchObject({
      LD_PRELOAD: "/opt/other.so",
      MALLOC_CONF: "",
    });
    expect(launch({ THREADLINE_JEMALLOC: "0" }).settings).toMatchObject({ LD_PRELOAD: "", MALLOC_CONF: "" });
  });

  it("is what the container image runs, with jemalloc installed (Dockerfile)", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1]).toBe('["sh", "scripts/serve.sh"]');
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/scripts\/serve\.sh \.\/scripts\/serve\.sh$/m);
    expect(dockerfile).toMatch(/apt-get install[^\n]*libjemalloc2/);
  });
});
