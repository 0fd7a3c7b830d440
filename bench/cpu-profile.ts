/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: the self time per
 * function and per package, and a top-down tree (the text form of a flame graph) of the frames
 * above a share of the samples. Only samples after `--from` seconds of the profile are counted
 * (the load, not the start). Used for docs/decisions/064-*.md.
 *
 *   node --import tsx bench/cpu-profile.ts FILE.cpuprofile [--from S] [--min PERCENT] [--top N]
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const file = args[0];
const fromUs = option("--from", 0) * 1e6;
const minPercent = option("--min", 1.5);
const top = option("--top", 30);

const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Where a frame's code comes from: a package, the store's bundle, node's own, or V8. */
function packageOf(url: string): string {
  if (!url) return "(native/V8)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith("node:")) return url;
  if (url.includes("/build/server/")) return "(react-router app bundle)";
  if (url.includes("/build/server-main/")) return "(store server bundle)";
  return url.split("/").slice(-2).join("/");
}
const label = (n: Node) =>
  `${n.callFrame.functionName || "(anonymous)"} ${packageOf(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ""}`;

const selfCount = new Map<number, number>();
let t = 0;
let counted = 0;
profile.samples.forEach((id, i) => {
  t += profile.timeDeltas[i];
  if (t < fromUs) return;
  selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
  counted++;
});
const totalCount = new Map<number, number>();
for (const [id, count] of selfCount) {
  let at: number | undefined = id;
  while (at !== undefined) {
    totalCount.set(at, (totalCount.get(at) ?? 0) + count);
    at = parent.get(at);
  }
}
const pct = (n: number) => `${((100 * n) / counted).toFixed(1)}%`;

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, count] of selfCount) {
  const n = byId.get(id) as Node;
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + count);
  const pkg = packageOf(n.callFrame.url);
  const key = n.callFrame.url ? pkg : n.callFrame.functionName || pkg;
  byPackage.set(key, (byPackage.get(key) ?? 0) + count);
}
const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`${counted} samples counted\n\n## Self time by package (or V8 frame)`);
for (const [k, v] of sorted(byPackage)) console.log(`${pct(v).padStart(6)}  ${k}`);
console.log("\n## Self time by function");
for (const [k, v] of sorted(byFunction)) console.log(`${pct(v).padStart(6)}  ${k}`);
console.log(`\n## Top-down (frames with at least ${minPercent}% of the samples)`);
function walk(id: number, depth: number) {
  const n = byId.get(id) as Node;
  const total = totalCount.get(id) ?? 0;
  if ((100 * total) / counted < minPercent) return;
  console.log(`${"  ".repeat(depth)}${pct(total)} ${label(n)}`);
  for (const c of n.children ?? []) walk(c, depth + 1);
}
walk(profile.nodes[0].id, 0);
