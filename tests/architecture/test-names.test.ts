import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cruise";
import { testKindOf } from "./test-kinds";

describe("testKindOf", () => {
  it.each([
    ["server/config.unit.test.ts", "unit"],
    ["server/cart/pricing.integration.test.ts", "integration"],
    ["server/cart/pricing.test.ts", null],
    ["server/cart/pricing.unit.test.tsx", null],
    ["domain/money.test.ts", "unit"],
    ["domain/money.integration.test.ts", null],
    ["app/lib/cart.test.ts", "unit"],
    ["app/lib/cart.unit.test.ts", null],
    ["tests/architecture/layers.test.ts", "unit"],
    ["tests/integration/cart-api.test.ts", "integration"],
    ["tests/security/csrf.test.ts", "integration"],
    ["tests/contracts/fakes.test.ts", "integration"],
    ["tests/contracts/fakes.unit.test.ts", null],
    ["tests/e2e/cart.e2e.ts", "e2e"],
    ["tests/faults/payment-crash.test.ts", "system"],
    ["tests/system/production-tree.test.ts", "system"],
    ["tests/faults/payment-crash.unit.test.ts", null],
    ["tests/helpers/database.ts", "no test"],
    ["tests/helpers/database.test.ts", null],
    ["scripts/build.test.ts", null],
    ["server/cart/pricing.ts", "no test"],
  ] as const)("%s is %s", (file, kind) => {
    expect(testKindOf(file)).toBe(kind);
  });
});

function filesUnder(folder: string): string[] {
  const skip = new Set(["node_modules", "build", "fixtures", "test-results"]);
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : filesUnder(file);
    return [file];
  });
}

describe("every test file in the repository", () => {
  it("is named so exactly one kind of run picks it up", () => {
    const files = ["app", "domain", "server", "tests", "scripts", "bench"].flatMap(filesUnder);
    expect(files.filter((file) => testKindOf(file) === null)).toEqual([]);
    // The walk did find the tests (a wrong root would pass the line above with nothing).
    expect(files.filter((file) => testKindOf(file) === "integration").length).toBeGreaterThan(40);
    expect(files.filter((file) => testKindOf(file) === "unit").length).toBeGreaterThan(40);
  });
});
