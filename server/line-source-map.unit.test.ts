import { SourceMap, type SourceMapPayload } from "node:module";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { decodeSegment, encodeSegment, lineSourceMap, type SourceMapV3 } from "../scripts/line-source-map.mjs";

// The build's cut-down source map (scripts/build-server.mjs, decision 063): stack traces must name
// the same source and line with it as with esbuild's full map.

describe("Base64 VLQ", () => {
  it.each([
    ["AAAA", [0, 0, 0, 0]],
    ["AACA", [0, 0, 1, 0]],
    ["D", [-1]],
    ["gB", [16]],
    ["hB", [-16]],
    ["2HwCAAjB", [123, 40, 0, 0, -17]],
  ])("%s is %j", (text, values) => {
    expect(decodeSegment(text)).toEqual(values);
    expect(encodeSegment(values)).toBe(text);
  });

  it.each([[[0]], [[15, -15]], [[1000, -1000, 1 << 20]], [[0, 3, -2, 7, 1]]])("round-trips %j", (values) => {
    expect(decodeSegment(encodeSegment(values))).toEqual(values);
  });

  it("refuses what is not a segment", () => {
    expect(() => decodeSegment("A*")).toThrow(/not a Base64 VLQ digit/);
    expect(() => decodeSegment("g")).toThrow(/unfinished/);
  });
});

const SOURCE = `
import { readFileSync } from "node:fs";

export interface Line { productId: string; quantity: number }

export function total(lines: Line[], price: (id: string) => number): number {
  let sum = 0;
  for (const line of lines) {
    if (line.quantity <= 0) throw new Error(\`bad quantity for \${line.productId}\`);
    sum += price(line.productId) * line.quantity;
  }
  return sum;
}

export const settings = JSON.parse(readFileSync("settings.json", "utf8")) as { currency: string };
export const describe = (lines: Line[]) => lines.map((l) => \`\${l.quantity} × \${l.productId}\`).join(", ");
`;

function esbuildOutput() {
  const out = transformSync(SOURCE, { loader: "ts", format: "esm", sourcemap: "external", sourcefile: "cart.ts" });
  return { code: out.code.split("\n"), map: JSON.parse(out.map) as SourceMapV3 };
}

describe("lineSourceMap", () => {
  it("names the same source and line as the full map at every position of the generated code", () => {
    const { code, map } = esbuildOutput();
    const full = new SourceMap(map as SourceMapPayload);
    const cut = new SourceMap(lineSourceMap(map) as SourceMapPayload);
    let mapped = 0;
    code.forEach((text, line) => {
      for (let column = 0; column <= text.length; column++) {
        const a = full.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        const b = cut.findEntry(line, column) as { originalSource?: string; originalLine?: number };
        expect([b.originalSource, b.originalLine], `${line}:${column}`).toEqual([a.originalSource, a.originalLine]);
        if (a.originalSource) mapped++;
      }
    });
    expect(mapped).toBeGreaterThan(200);
  });

  it("keeps fewer segments, no sources' text and no names", () => {
    const { map } = esbuildOutput();
    const cut = lineSourceMap(map);
    const segments = (m: SourceMapV3) => m.mappings.split(/[;,]/).filter(Boolean).length;
    expect(segments(cut)).toBeLessThan(segments(map) / 2);
    expect(cut.sourcesContent).toBeUndefined();
    expect(cut.names).toEqual([]);
    expect(cut.sources).toEqual(map.sources);
    expect(cut.mappings.split(";")).toHaveLength(map.mappings.split(";").length);
  });

  it("keeps a run's first segment and every change of source line or to no source", () => {
    // Line 0: columns 0 and 4 on source line 0, column 8 on line 1, column 12 unmapped, column 16 on line 1 again.
    const map: SourceMapV3 = {
      version: 3,
      sources: ["a.ts"],
      sourcesContent: ["x"],
      names: ["n"],
      mappings: [
        encodeSegment([0, 0, 0, 0]),
        encodeSegment([4, 0, 0, 4]),
        encodeSegment([4, 0, 1, -4]),
        "I",
        encodeSegment([4, 0, 0, 2]),
      ].join(","),
    };
    const kept = lineSourceMap(map).mappings.split(",").map(decodeSegment);
    expect(kept).toEqual([[0, 0, 0, 0], [8, 0, 1, 0], [4], [4, 0, 0, 2]]);
  });

  it("refuses what is not a version 3 map", () => {
    expect(() => lineSourceMap({ version: 2, mappings: "" } as unknown as SourceMapV3)).toThrow(/version 3/);
  });
});
