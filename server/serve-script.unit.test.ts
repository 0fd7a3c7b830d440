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

describe("the serve script", () => {
  it.each([
    ["--heap-growing-percent=10", "old space grows by at most 10 % of the live heap between full collections"],
    ["--max-semi-space-size=4", "a young generation of 2 × 4 MB"],
    ["--enable-source-maps", "stack traces name the sources"],
    ["--v8-pool-size=1", "one V8 worker thread, so one more malloc arena instead of four (decision 063)"],
  ])("runs node with %s (%s)", (flag) => {
    expect(scripts.serve.split(/\s+/)).toContain(flag);
  });

  it("is node, its flags and the built server, which npm start runs after the build", () => {
    expect(scripts.serve).toMatch(/^node( --[a-z0-9-]+(=\S+)?)* build\/server-main\/main\.js$/);
    expect(scripts.start).toBe("npm run build && npm run serve");
  });

  it("is what the container image runs (Dockerfile CMD)", () => {
    const dockerfile = readFileSync(path.resolve(import.meta.dirname, "../Dockerfile"), "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? "[]").join(" ")).toBe(scripts.serve);
  });
});
