/** Types of line-source-map.mjs (a build script run by plain node, tested from TypeScript). */
export interface SourceMapV3 {
  version: 3;
  file?: string;
  sourceRoot?: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  names?: string[];
  mappings: string;
}
export function decodeSegment(text: string): number[];
export function encodeSegment(values: readonly number[]): string;
export function lineSourceMap(map: SourceMapV3): SourceMapV3;
