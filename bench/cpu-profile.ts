/**
 * Reads a V8 .cpuprofile (node --cpu-prof) and says where the time went: the self time per
 * function and per package, and a top-down tree (the text form of a flame graph) of the frames
 * above a share of the samples. Only samples after `--from` seconds of the profile are counted
 * (the load, not the start). Used for docs/decisions/064-*.md.
 *
 *   node --import tsx bench/cpu-profile.ts FILE.cpuprofile [--from S] [--min PERCENT] [--top N] [--svg OUT.svg]
 *
 * With --svg it also draws the flame graph (root at the bottom, a frame as wide as its share of
 * the samples, frames under 0.2% left out; hover a frame for its name and share).
 */
import { readFileSync, writeFileSync } from "node:fs";

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

const svgAt = args.indexOf("--svg");
if (svgAt >= 0) {
  const width = 1200;
  const row = 16;
  const rects: string[] = [];
  let depthMax = 0;
  const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const colour = (name: string) => {
    let h = 0;
    for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return `hsl(${20 + (h % 40)},${70 + (h % 20)}%,${55 + (h % 15)}%)`;
  };
  function draw(id: number, depth: number, x: number) {
    const n = byId.get(id) as Node;
    const total = totalCount.get(id) ?? 0;
    const w = (total / counted) * width;
    if (w < width * 0.002) return;
    depthMax = Math.max(depthMax, depth);
    const name = label(n);
    rects.push(
      `<g><title>${xmlText(name)} ${pct(total)}</title><rect x="${x.toFixed(1)}" y="DEPTH${depth}" width="${w.toFixed(1)}" height="${row - 1}" fill="${colour(name)}"/>` +
        (w > 60
          ? `<text x="${(x + 3).toFixed(1)}" y="TEXT${depth}" font-size="11" font-family="monospace">${xmlText(name.slice(0, Math.floor(w / 7)))}</text>`
          : "") +
        "</g>",
    );
    let at = x;
    for (const c of n.children ?? []) {
      draw(c, depth + 1, at);
      at += ((totalCount.get(c) ?? 0) / counted) * width;
    }
  }
  draw(profile.nodes[0].id, 0, 0);
  const height = (depthMax + 1) * row;
  const body = rects
    .join("\n")
    .replace(/DEPTH(\d+)/g, (_m, d) => String(height - (Number(d) + 1) * row))
    .replace(/TEXT(\d+)/g, (_m, d) => String(height - Number(d) * row - 4));
  writeFileSync(
    args[svgAt + 1],
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="CPU flame graph">\n<title>CPU flame graph: ${counted} samples</title>\n${body}\n</svg>\n`,
  );
  console.log(`\nflame graph written to ${args[svgAt + 1]}`);
}
