import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cruise";

/** The end-to-end folder's files, relative to the root, with their text. */
const e2e = readdirSync(path.join(ROOT, "tests/e2e"))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => ({ file: `tests/e2e/${name}`, text: readFileSync(path.join(ROOT, "tests/e2e", name), "utf8") }));

/**
 * The rules of docs/testing.md that the text of the tests shows: no waits by the clock in the browser
 * tests, no retries, people signed up in one place, both widths only where the layout differs.
 */
describe("the end-to-end tests", () => {
  it("never wait on a fixed timer: they wait for what they expect, or move the page's clock", () => {
    expect(e2e.filter(({ text }) => /waitForTimeout\(/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it("retry nothing: no test retries, no API call is sent again", () => {
    const config = readFileSync(path.join(ROOT, "tests/e2e/playwright.config.ts"), "utf8");
    expect(config).toMatch(/retries: 0,/);
    expect(e2e.filter(({ text }) => /maxRetries/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it("sign people up and in through the API in one module (tests/e2e/roles.ts)", () => {
    const signing = e2e.filter(({ text }) => /\/api\/auth\/sign-(up|in)\/email/.test(text)).map(({ file }) => file);
    expect(signing).toEqual(["tests/e2e/roles.ts"]);
  });

  it("run at 390 px only the accessibility sweep and the tests tagged PHONE", () => {
    const config = readFileSync(path.join(ROOT, "tests/e2e/playwright.config.ts"), "utf8");
    expect(config).toMatch(/name: "phone",[\s\S]*grep: \/@phone\//);
    const sweep = e2e.find(({ file }) => file === "tests/e2e/a11y.e2e.ts");
    expect(sweep?.text).toMatch(/test\.describe\("axe-core finds nothing", PHONE,/);
  });
});
