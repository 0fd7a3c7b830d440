import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./zod";

describe("domain/zod.ts", () => {
  it("turns off zod's compiled parsers, whose probe the Content-Security-Policy reports", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("is where every domain module takes zod from", () => {
    const direct = readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "zod.ts")
      .filter((name) =>
        /^import\s+\{[^}]*\}\s+from\s+"zod"/m.test(readFileSync(path.join(import.meta.dirname, name), "utf8")),
      );
    expect(direct).toEqual([]);
  });
});
