/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for the tests of
 * `/metrics`: anything a Prometheus server would refuse, or that the format says must not happen
 * (a sample before its family's TYPE, a family twice, a series twice, a histogram whose buckets
 * are not cumulative or whose +Inf bucket is not its count), throws with the line it is on.
 */

export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  /** The sample's own name (a histogram's `_bucket`, `_sum`, `_count`). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: MetricType;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(["counter", "gauge", "histogram", "summary", "untyped"]);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [""],
  gauge: [""],
  untyped: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

/**
 * A value as Prometheus reads it (Go's strconv.ParseFloat): a decimal number, or NaN and ±Inf in any
 * case (prom-client writes an empty event-loop histogram's mean as "Nan").
 */
function parseValue(text: string, where: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: "${text}" is not a value`);
  return Number(text);
}

/** `{a="1",b="x\"y"}` from position `at` (the `{`): the labels and the position after `}`. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  while (line[i] !== "}") {
    const eq = line.indexOf("=", i);
    if (eq < 0) throw new Error(`${where}: a label without "="`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: "${name}" is not a label name`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name}'s value is not quoted`);
    let value = "";
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] === "\\") {
        const next = line[++j];
        if (next === "n") value += "\n";
        else if (next === "\\" || next === '"') value += next;
        else throw new Error(`${where}: "\\${next}" is not an escape of the format`);
      } else value += line[j];
    }
    if (j >= line.length) throw new Error(`${where}: label ${name}'s value never ends`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error(`${where}: expected "," or "}" after label ${name}`);
  }
  return { labels, end: i + 1 };
}

function seriesKey(name: string, labels: Record<string, string>): string {
  return `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(",")}}`;
}

function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    const key = seriesKey("", rest);
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (sample.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without "le"`);
      group.buckets.push([parseValue(le, family.name), sample.value]);
    } else if (sample.name.endsWith("_count")) group.count = sample.value;
  }
  for (const [key, group] of groups) {
    const sorted = [...group.buckets].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i][1] < sorted[i - 1][1]) throw new Error(`${family.name}${key}: buckets are not cumulative`);
    const last = sorted.at(-1);
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${family.name}${key}: no +Inf bucket`);
    if (last[1] !== group.count) throw new Error(`${family.name}${key}: the +Inf bucket is not the count`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith("\n")) throw new Error("the exposition does not end with a newline");
  const families = new Map<string, Family>();
  const series = new Set<string>();
  let current: Family | undefined;
  const lines = text.slice(0, -1).split("\n");
  lines.forEach((line, index) => {
    const where = `line ${index + 1} (${line})`;
    if (line.startsWith("#")) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // A plain comment.
      const [, keyword, name, rest] = match;
      if (!NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
      if (current?.name !== name) {
        if (families.has(name)) throw new Error(`${where}: family ${name} appears twice`);
        current = { name, help: "", type: "untyped", samples: [] };
        families.set(name, current);
      }
      if (current.samples.length) throw new Error(`${where}: ${keyword} after the family's samples`);
      if (keyword === "HELP") current.help = rest.replace(/\\n/g, "\n").replace(/\\\\/g, "\\");
      else {
        if (!TYPES.has(rest as MetricType)) throw new Error(`${where}: "${rest}" is not a metric type`);
        current.type = rest as MetricType;
      }
      return;
    }
    if (line === "") return; // The format ignores empty lines (prom-client puts one between families).
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd < 0) throw new Error(`${where}: a sample without a value`);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`${where}: "${name}" is not a metric name`);
    let labels: Record<string, string> = {};
    let rest = line.slice(nameEnd);
    if (rest.startsWith("{")) {
      const parsed = parseLabels(line, nameEnd, where);
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    const parts = rest.trim().split(/ +/);
    if (!rest.startsWith(" ") || parts.length < 1 || parts.length > 2) throw new Error(`${where}: bad value part`);
    const value = parseValue(parts[0], where);
    if (parts[1] !== undefined && !/^-?\d+$/.test(parts[1])) throw new Error(`${where}: bad timestamp`);
    if (!current) throw new Error(`${where}: a sample before any TYPE`);
    const owner = current;
    if (!SUFFIXES[owner.type].some((suffix) => `${owner.name}${suffix}` === name))
      throw new Error(`${where}: ${name} does not belong to family ${owner.name} (${owner.type})`);
    const key = seriesKey(name, labels);
    if (series.has(key)) throw new Error(`${where}: series ${key} twice`);
    series.add(key);
    owner.samples.push({ name, labels, value });
  });
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const familyName = [name, name.replace(/_(bucket|sum|count)$/, "")].find((n) => families.has(n));
  const family = familyName ? families.get(familyName) : undefined;
  const matches = (family?.samples ?? []).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${matches.length} series`);
  return matches[0]?.value;
}
