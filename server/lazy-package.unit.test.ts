import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LAZY_PACKAGES, lazyPackage } from "./lazy-package";

const SERVER = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe("lazyPackage", () => {
  it("loads the package at the first call, then gives the same module every time", () => {
    const load = lazyPackage<typeof import("ipaddr.js")>("ipaddr.js");
    const first = load();
    expect(typeof first.parse).toBe("function");
    expect(load()).toBe(first);
  });

  it("names a missing package only when it is first needed, not when the loader is made", () => {
    const load = lazyPackage("threadline-no-such-package");
    expect(() => load()).toThrow(/threadline-no-such-package/);
  });

  // A single value import anywhere would load the package at start again (decision 026).
  it.each(LAZY_PACKAGES)("%s is imported by the server as types only", (name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const valueImport = new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*?from\\s+["']${escaped}["']`, "m");
    const offenders = sourceFiles(SERVER).filter((file) => valueImport.test(readFileSync(file, "utf8")));
    expect(offenders.map((file) => path.relative(SERVER, file))).toEqual([]);
  });
});
