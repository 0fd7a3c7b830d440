import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the shopper's pages download before any action, read from the build's route manifest
 * (`npm run build` first). zod (22 KB gzip) is for forms: a schema module that slips into the cart's
 * browser code puts it on every product page (it did once: domain/discounts.ts held the discount
 * form's schema, and the cart imports its code rule; the product page went from 128 to 150 KB).
 * `npm run bench` measures the totals against budgets; this names the culprit on every test run.
 */
const ASSETS = path.resolve(import.meta.dirname, "../../build/client/assets");

interface ManifestRoute {
  module: string;
  imports?: string[];
}

function manifest(): { entry: ManifestRoute; routes: Record<string, ManifestRoute> } {
  const file = readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no route manifest in build/client/assets: run `npm run build` first");
  const text = readFileSync(path.join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/** The scripts a route loads at once: the entry, its parents' modules and imports, its own. */
function scriptsOf(routeId: string): string[] {
  const { entry, routes } = manifest();
  const chain = [routeId === "root" ? routes.root : routes[routeId], routes.root];
  expect(chain[0], `route ${routeId} in the manifest`).toBeDefined();
  return [
    ...new Set([entry.module, ...(entry.imports ?? []), ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])]),
  ];
}

const hasZod = (script: string) =>
  /\$ZodType|ZodError/.test(readFileSync(path.join(ASSETS, path.basename(script)), "utf8"));

describe("the shopper's pages load no form-schema library", () => {
  it.each(["routes/home", "routes/product", "routes/cart"])("%s", (routeId) => {
    const scripts = scriptsOf(routeId);
    for (const script of scripts) expect(existsSync(path.join(ASSETS, path.basename(script))), script).toBe(true);
    expect(scripts.filter(hasZod)).toEqual([]);
  });

  it("tells zod apart where a page does load it (the administrator's product form)", () => {
    expect(scriptsOf("routes/admin-add-product").filter(hasZod).length).toBeGreaterThan(0);
  });
});
