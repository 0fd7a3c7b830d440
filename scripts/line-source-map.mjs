// A source map cut down to what a stack trace needs: for each line of the generated file, the
// source, line and column of its first mapped token. `node --enable-source-maps` (package.json's
// "serve") parses the server bundle's map the first time a stack trace passes through the bundle
// and keeps it for the life of the process: esbuild's map has one entry per token (~90 000 for the
// server, ~10 MB once parsed), this one has one where the source line changes (a few times fewer). The sources' text
// (`sourcesContent`, ~1 MB kept from the start) and the names are left out: a stack trace shows
// neither. Decision 063, docs/performance.md "Memory".

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The numbers of one segment of a `mappings` string (Base64 VLQ). */
export function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const c of text) {
    const digit = DIGIT.get(c);
    if (digit === undefined) throw new Error(`not a Base64 VLQ digit: ${c}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  if (shift !== 0) throw new Error(`unfinished Base64 VLQ segment: ${text}`);
  return values;
}

/** Base64 VLQ of the numbers given. */
export function encodeSegment(values) {
  let out = "";
  for (const n of values) {
    let vlq = n < 0 ? (-n << 1) | 1 : n << 1;
    do {
      let digit = vlq & 31;
      vlq >>>= 5;
      if (vlq > 0) digit |= 32;
      out += BASE64[digit];
    } while (vlq > 0);
  }
  return out;
}

/**
 * The map with, on each generated line, only the segments where the original position moves to
 * another source line (the first of each run on one line), without sourcesContent and names. A
 * position looked up in it names the same source and line as in the full map; only the column
 * may be earlier on that line.
 */
export function lineSourceMap(map) {
  if (map.version !== 3 || typeof map.mappings !== "string") throw new Error("not a version 3 source map");
  // Absolute positions while reading (the fields are relative to the previous segment's).
  let source = 0;
  let line = 0;
  let column = 0;
  // Relative to the last segment written.
  let out = { source: 0, line: 0, column: 0 };
  const lines = map.mappings.split(";").map((generated) => {
    const kept = [];
    let generatedColumn = 0;
    let lastKept = 0;
    let run = null;
    for (const segment of generated ? generated.split(",") : []) {
      const fields = decodeSegment(segment);
      generatedColumn += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        line += fields[2];
        column += fields[3];
      }
      const key = fields.length >= 4 ? `${source}:${line}` : "unmapped";
      if (key === run) continue;
      run = key;
      if (fields.length < 4) {
        kept.push(encodeSegment([generatedColumn - lastKept]));
      } else {
        kept.push(
          encodeSegment([generatedColumn - lastKept, source - out.source, line - out.line, column - out.column]),
        );
        out = { source, line, column };
      }
      lastKept = generatedColumn;
    }
    return kept.join(",");
  });
  const { sourcesContent: _content, names: _names, ...rest } = map;
  return { ...rest, names: [], mappings: lines.join(";") };
}
