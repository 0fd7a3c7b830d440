/**
 * Colour contrast as WCAG 2.2 defines it (relative luminance, ratio from 1:1 to 21:1), for the
 * store's visual rules: the focus ring's two tones (docs/product.md §11) are checked with it in
 * the end-to-end tests, from the colours the browser computed.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

const RGB_FUNCTION = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/i;
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A CSS colour as getComputedStyle writes it (`rgb(28, 25, 23)`, `rgba(0, 0, 0, 0.5)`,
 * `rgb(28 25 23 / 50%)`), a hex colour, or `transparent`; null for anything else (a named colour,
 * `oklch(…)`): the caller must not guess.
 */
export function parseColor(text: string): Rgba | null {
  const value = text.trim();
  if (value.toLowerCase() === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join("") : hex;
    const byte = (i: number) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return { r: byte(0), g: byte(1), b: byte(2), a: full.length === 8 ? byte(3) / 255 : 1 };
  }
  const match = RGB_FUNCTION.exec(value);
  if (!match) return null;
  const [r, g, b] = [match[1], match[2], match[3]].map(Number);
  const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] === "%" ? 100 : 1);
  if ([r, g, b].some((c) => c > 255) || alpha > 1) return null;
  return { r, g, b, a: alpha };
}

/** `top` painted over the opaque `bottom` (a translucent background over the page). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG's relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance(color: Rgba): number {
  return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b);
}

/** The contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(one: Rgba, other: Rgba): number {
  const [light, dark] = [relativeLuminance(one), relativeLuminance(other)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** A ring of two tones (WCAG technique C40): an inner band next to the control, an outer one next to the page. */
export interface TwoToneRing {
  inner: Rgba;
  outer: Rgba;
}

/**
 * How well a two-tone ring stands out against a surface it touches: the better of its two tones'
 * ratios, since wherever one tone melts into the surface the other one draws the edge. With tones
 * 9:1 or more apart (C40), every surface gets 3:1 or more from one of them.
 */
export function ringContrast(ring: TwoToneRing, surface: Rgba): number {
  return Math.max(contrastRatio(ring.inner, surface), contrastRatio(ring.outer, surface));
}
