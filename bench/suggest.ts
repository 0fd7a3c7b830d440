import { DEMO_PRODUCTS } from "../server/demo/art/products";

/**
 * The search box's suggestions as a shopper types (issue 27): GET /api/search/suggest for every
 * prefix of words of the demo catalogue's titles (two letters or more) and a few typos, one
 * request at a time, each query asked once so none is answered from the catalogue cache. The
 * budget is on the p95 of these times (docs/performance.md).
 */
export interface SuggestFigures {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  errors: number;
}

/** The queries, in typing order: "fl", "flo", "flor", ... then words with a typo. */
export function suggestQueries(limit = 300): string[] {
  const words = [
    ...new Set(DEMO_PRODUCTS.flatMap((p) => p.title.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 3)),
  ];
  const prefixes = words.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(0, i + 2)));
  const typos = words.filter((w) => w.length >= 5).map((w) => `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  return [...new Set([...prefixes, ...typos])].slice(0, limit);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function measureSuggest(base: string, queries = suggestQueries()): Promise<SuggestFigures> {
  const times: number[] = [];
  let errors = 0;
  for (const q of queries) {
    const started = performance.now();
    try {
      const answer = await fetch(`${base}/api/search/suggest?q=${encodeURIComponent(q)}`);
      await answer.arrayBuffer();
      if (!answer.ok) errors++;
    } catch {
      errors++;
    }
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: times.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? 0),
    errors,
  };
}
