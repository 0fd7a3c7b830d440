import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The V8 heap settings of decision 026 live in package.json's "serve" script; `npm start` runs
// it and the bench takes its flags from it (bench/server-process.ts), so losing them would go
// unnoticed until memory grew again under load.
const scripts = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

// "NAME=value ... node flags... entry": the settings before node, and the command itself.
const words = scripts.serve.split(/\s+/);
const environment = words.slice(0, words.indexOf("node"));
const command = words.slice(words.indexOf("node")).join(" ");

describe("the serve script", () => {
  it.each([
    ["--heap-growing-percent=10", "old space grows by at most 10 % of the live heap between full collections"],
    ["--max-semi-space-size=4", "a young generation of 2 × 4 MB"],
    ["--enable-source-maps", "stack traces name the sources"],
    ["--expose-gc", "one full collection when the requests stop after a burst (server/idle-collect.ts, decision 065)"],
    ["--v8-pool-size=1", "one V8 worker thread, so one more malloc arena instead of four (decision 063)"],
  ])("runs node with %s (%s)", (flag) => {
    expect(command.split(" ")).toContain(flag);
  });

  it.each([
    ["MALLOC_ARENA_MAX=2", "two malloc arenas, not one per thread that ever allocated (decisions 026, 065)"],
    [
      "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072",
      "blocks of 128 KB and more are mapped and given back when freed; no threshold raised for good (decision 065)",
    ],
  ])("sets %s before node (%s)", (setting) => {
    expect(environment).toContain(setting);
  });

  it("is settings, node, its flags and the built server, which npm start runs after the build", () => {
    expect(scripts.serve).toMatch(/^([A-Z_]+=\S+ )*node( --[a-z0-9-]+(=\S+)?)* build\/server-main\/main\.js$/);
    expect(scripts.start).toBe("npm run build && npm run serve");
  });

  it("is what the container image runs (Dockerfile ENV and CMD)", () => {
    const dockerfile = readFileSync(path.resolve(import.meta.dirname, "../Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? "[]").join(" ")).toBe(command);
    const imageEnvironment = [...dockerfile.matchAll(/^ENV ([A-Z_]+=\S+)$/gm)].map((match) => match[1]);
    expect(imageEnvironment).toEqual(expect.arrayContaining(environment));
  });
});
