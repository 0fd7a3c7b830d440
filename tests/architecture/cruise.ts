import path from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

/** The repository root: the rules' paths (^app/, ^server/...) are relative to it. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * Cruises `roots` (folders relative to `baseDir`) with the repository's .dependency-cruiser.cjs
 * and returns what it reports, plus the `~/` rule of docs/architecture.md, which
 * dependency-cruiser cannot express (it is about how an import is written, not where it goes).
 */
export async function checkLayers(baseDir: string, roots: string[]): Promise<Violation[]> {
  const options = await extractDepcruiseOptions(path.join(ROOT, ".dependency-cruiser.cjs"));
  const tsConfigFile = path.join(ROOT, "tsconfig.json");
  const { output } = await cruise(
    roots,
    { ...options, baseDir, tsConfig: { fileName: tsConfigFile }, validate: true, outputType: "json" },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const result = (typeof output === "string" ? JSON.parse(output) : output) as ICruiseResult;
  const violations: Violation[] = (result.summary.violations ?? []).map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.cycle?.length ? v.cycle.map((step) => (typeof step === "string" ? step : step.name)).join(" -> ") : v.to,
  }));
  return [...violations, ...climbingAppImports(result)];
}

/**
 * Inside app/, a module of another app/ folder is imported as `~/...`; `./` only reaches the
 * importer's own folder and below, so no app/ import climbs with `../` (docs/architecture.md).
 */
export function climbingAppImports(result: ICruiseResult): Violation[] {
  const found: Violation[] = [];
  for (const module of result.modules) {
    if (!module.source.startsWith("app/")) continue;
    for (const dependency of module.dependencies) {
      if (dependency.resolved.startsWith("app/") && dependency.module.startsWith("../")) {
        found.push({ rule: "app-imports-app-through-alias", from: module.source, to: dependency.module });
      }
    }
  }
  return found;
}
