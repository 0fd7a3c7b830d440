import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One wording throughout the store (docs/wording.md): "email", never "e-mail"; getting into an
 * account is "log in" (the controls say "Login", docs/product.md §2), never "sign in"; leaving
 * is "Sign Out". Checked over every text the pages and the customer e-mails carry,
 * comments aside, so a new screen cannot bring the other spelling back.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith("+") ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const FILES = [
  ...sources(path.join(ROOT, "app")),
  ...sources(path.join(ROOT, "domain")),
  ...[
    "server/auth/emails.ts",
    "server/auth/messages.ts",
    "server/orders/emails.ts",
    "server/orders/status-emails.ts",
    "server/orders/return-emails.ts",
    "server/orders/refund-emails.ts",
    "server/mail/layout.ts",
    "server/http/mail-preview.ts",
    "server/http/mail-samples.ts",
  ].map((f) => path.join(ROOT, f)),
];

/** The code without its comments: wording rules are about what people read in the store. */
function withoutComments(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, "")
    .split("\n")
    .filter((line) => !line.trim().startsWith("//"))
    .join("\n");
}

const RULES: [string, RegExp][] = [
  ['"email", not "e-mail"', /\be-mails?\b/i],
  ['"log in" (controls: "Login"), not "sign in"', /\bsign(?:ed|ing)? in\b/i],
  ['"Sign Out" (the account menu\'s), not "log out"', /\blog(?:ged|ging)? out\b/i],
];

describe("wording", () => {
  it("finds the files it checks", () => {
    expect(FILES.length).toBeGreaterThan(50);
  });

  it.each(RULES)("uses %s", (_rule, pattern) => {
    const found = FILES.flatMap((file) =>
      withoutComments(readFileSync(file, "utf8"))
        .split("\n")
        .filter((line) => pattern.test(line))
        .map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("catches the other spelling when it is there", () => {
    expect(RULES[0][1].test("Verify your e-mail")).toBe(true);
    expect(RULES[1][1].test("Signing in...")).toBe(true);
    expect(RULES[2][1].test("Log out")).toBe(true);
    expect(RULES[2][1].test('action="/logout"')).toBe(false);
  });
});
