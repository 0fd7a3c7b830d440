/**
 * The budgets of issue 12, checked by the bench on its own figures (never by timers in tests).
 * Load budgets apply to PostgreSQL at 10 connections, median of the repeated runs.
 */
export interface Budget {
  name: string;
  /** What the figure is, with its unit. */
  measure: string;
  limit: number;
  /** "min": the figure must be at least the limit; "max": at most. */
  kind: "min" | "max";
}

export const BUDGETS: Budget[] = [
  {
    name: "/ (visitor) requests per second",
    measure: "load:pg:10:/ (visitor):requestsPerSecond",
    limit: 1000,
    kind: "min",
  },
  { name: "/ (visitor) p99 ms", measure: "load:pg:10:/ (visitor):p99Ms", limit: 30, kind: "max" },
  {
    name: "/ (shopper) requests per second",
    measure: "load:pg:10:/ (shopper):requestsPerSecond",
    limit: 300,
    kind: "min",
  },
  {
    name: "/_root.data requests per second",
    measure: "load:pg:10:/_root.data (visitor):requestsPerSecond",
    limit: 1500,
    kind: "min",
  },
  // Issue 27: suggestions appear within 100 ms at p95 as the shopper types (demo catalogue, this machine).
  ...(["pg", "embedded"] as const).map(
    (db): Budget => ({
      name: `search suggestions p95 ms (${db})`,
      measure: `suggest:${db}:p95Ms`,
      limit: 100,
      kind: "max",
    }),
  ),
  { name: "JS gzip on /", measure: "bundle:/:gzipKB", limit: 120, kind: "max" },
  { name: "JS gzip on /product/{id}", measure: "bundle:/product/{id}:gzipKB", limit: 130, kind: "max" },
  ...["/", "/product/{id}", "/login"].flatMap((page): Budget[] => [
    { name: `Lighthouse performance ${page}`, measure: `lighthouse:${page}:performance`, limit: 95, kind: "min" },
    { name: `Lighthouse accessibility ${page}`, measure: `lighthouse:${page}:accessibility`, limit: 100, kind: "min" },
    { name: `Lighthouse best practices ${page}`, measure: `lighthouse:${page}:bestPractices`, limit: 100, kind: "min" },
    { name: `Lighthouse SEO ${page}`, measure: `lighthouse:${page}:seo`, limit: 100, kind: "min" },
    { name: `Lighthouse CLS ${page}`, measure: `lighthouse:${page}:cls`, limit: 0.02, kind: "max" },
  ]),
  // Issue 28 (part 4): the process as `npm run serve` runs it (decision 063).
  {
    name: "idle RSS on PostgreSQL after a restart, MB",
    measure: "memory:pg:idleAfterRestartMB",
    limit: 120,
    kind: "max",
  },
  { name: "idle RSS on PostgreSQL after the load, MB", measure: "memory:pg:idleAfterLoadMB", limit: 150, kind: "max" },
  {
    name: "idle RSS embedded after a restart, MB",
    measure: "memory:embedded:idleAfterRestartMB",
    limit: 200,
    kind: "max",
  },
  { name: "idle RSS embedded after the load, MB", measure: "memory:embedded:idleAfterLoadMB", limit: 200, kind: "max" },
  {
    name: "cold start to /readyz (embedded, fresh data folder), s",
    measure: "coldStart:embedded:seconds",
    limit: 20,
    kind: "max",
  },
];

export interface BudgetVerdict extends Budget {
  actual: number | null;
  pass: boolean | null;
}

/** Each budget against the figures measured (null when this run did not measure it). */
export function checkBudgets(figures: Map<string, number>): BudgetVerdict[] {
  return BUDGETS.map((budget) => {
    const actual = figures.get(budget.measure);
    if (actual === undefined) return { ...budget, actual: null, pass: null };
    return { ...budget, actual, pass: budget.kind === "min" ? actual >= budget.limit : actual <= budget.limit };
  });
}
