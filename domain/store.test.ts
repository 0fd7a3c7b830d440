import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND_COLORS } from "./store";

const css = readFileSync(path.resolve(import.meta.dirname, "../app/app.css"), "utf8");

describe("BRAND_COLORS", () => {
  it.each(Object.entries(BRAND_COLORS))("--color-%s is %s in app/app.css", (name, value) => {
    expect(new RegExp(`--color-${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim().toLowerCase()).toBe(value);
  });
});
