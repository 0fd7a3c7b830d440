import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLayers, ROOT } from "./cruise";

/*
 * The layering rules of docs/architecture.md ("Layers"), written in .dependency-cruiser.cjs
 * (docs/decisions/015-layering-rules-checked.md).
 */

const LAYERS = ["app", "domain", "server"];

describe("the store's layers", () => {
  it("break no rule", async () => {
    expect(await checkLayers(ROOT, LAYERS)).toEqual([]);
  }, 120_000);
});

describe("each rule fires on a tree that breaks it", () => {
  const fixture = path.join(ROOT, "tests/architecture/fixtures/violations");

  it("reports exactly the planted violations", async () => {
    const found = (await checkLayers(fixture, LAYERS)).map(({ rule, from, to }) => `${rule}: ${from} -> ${to}`);
    expect(found.sort()).toEqual(
      [
        "app-imports-app-through-alias: app/components/widgets/price.ts -> ../../lib/format",
        "app-imports-server-types-only: app/page.ts -> server/helper.ts",
        "db-only-inside-server: app/page.ts -> server/db/schema.ts",
        "domain-stays-pure: domain/rule.ts -> server/helper.ts",
        // app/ -> server/ by app/page.ts and server/ -> app/ by server/service.ts.
        "no-area-cycles: app -> server -> app",
        "no-area-cycles: server -> app -> server",
        "no-area-cycles: server/orders -> server/payments -> server/orders",
        "no-area-cycles: server/payments -> server/orders -> server/payments",
        "no-module-cycles: server/cycle-a.ts -> server/cycle-b.ts -> server/cycle-a.ts",
        "server-never-imports-app: server/service.ts -> app/view.ts",
      ].sort(),
    );
  }, 120_000);
});
