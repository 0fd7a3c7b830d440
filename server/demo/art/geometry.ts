import { contrast, type Defs, darken, type Fabric, lighten } from "./paint";

/**
 * Drawing primitives. Every coordinate is written as "x,y" so a left-hand piece can be
 * mirrored into its right-hand twin by rewriting the pairs (see mirror()).
 */

export type Pt = readonly [number, number];

/** The illustration canvas is 800x1000 (rasterised at 1.2x, 960x1200); CX is its centre line. */
export const CX = 400;

const f = (n: number) => (Math.round(n * 10) / 10).toString();
export const pt = ([x, y]: Pt) => `${f(x)},${f(y)}`;

export function path(...cmds: (string | Pt)[]): string {
  return cmds.map((c) => (typeof c === "string" ? c : pt(c))).join(" ");
}

/** The same path reflected across the vertical centre line (or another x). */
export function mirror(d: string, axis = CX): string {
  return d.replace(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g, (_, x, y) => `${f(2 * axis - Number(x))},${y}`);
}

export const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
export const add = (a: Pt, b: Pt, k = 1): Pt => [a[0] + b[0] * k, a[1] + b[1] * k];

/** The parts every garment is drawn with; bound to one picture's defs and one fabric. */
export interface Look {
  fabric: Fabric;
  /** Hardware and contrast details: buttons, buckles, soles, lining. */
  trim: string;
}

export class Pen {
  constructor(
    readonly defs: Defs,
    readonly look: Look,
  ) {}

  get base() {
    return this.look.fabric.base;
  }

  /** A fabric panel: pattern fill, a soft volume overlay and a hairline edge. */
  panel(d: string, opts: { fabric?: Fabric; shade?: "body" | "sheen" | false; edge?: number } = {}): string {
    const fabric = opts.fabric ?? this.look.fabric;
    const edge = darken(fabric.base, 0.35);
    const shade =
      opts.shade === false
        ? ""
        : `<path d="${d}" fill="${this.defs.shade(opts.shade ?? (fabric.pattern === "leather" || fabric.pattern === "satin" ? "sheen" : "body"))}"/>`;
    return `<path d="${d}" fill="${this.defs.fabric(fabric)}"/>${shade}<path d="${d}" fill="none" stroke="${edge}" stroke-width="${opts.edge ?? 1.6}" stroke-opacity="0.55" stroke-linejoin="round"/>`;
  }

  /** A plain coloured shape (lining, sole, strap) with the same edge treatment. */
  solid(d: string, color: string, opts: { shade?: "body" | "sheen" | false; edge?: number } = {}): string {
    return this.panel(d, { fabric: { pattern: "solid", base: color }, ...opts });
  }

  stitch(d: string, color = contrast(this.base, 0.3), width = 1.5): string {
    return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="6 4.5" stroke-linecap="round" stroke-opacity="0.75"/>`;
  }

  line(d: string, color = darken(this.base, 0.35), width = 1.6, opacity = 0.6): string {
    return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="${opacity}"/>`;
  }

  /**
   * A soft crease from a to b: nested lens shapes of low opacity build a gradient across the
   * crease (darkest in the middle, fading to both ends) that stays right when mirrored.
   */
  fold(a: Pt, b: Pt, width = 26, dark = true): string {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const n: Pt = [-dy / len, dx / len];
    const color = dark ? "#000" : "#fff";
    const mid = lerp(a, b, 0.55);
    const layer = (k: number) => {
      const bulge = width * k;
      return `<path d="${path("M", a, "Q", add(mid, n, -bulge), b, "Q", add(mid, n, bulge), a, "Z")}" fill="${color}" fill-opacity="${dark ? 0.05 : 0.06}"/>`;
    };
    return layer(1) + layer(0.6) + layer(0.3);
  }

  /** Content trimmed to a shape, so creases and seams never spill past an edge. */
  clip(d: string, content: string): string {
    const id = this.defs.add(`clip:${d}`, (cid) => `<clipPath id="${cid}"><path d="${d}"/></clipPath>`);
    return `<g clip-path="url(#${id})">${content}</g>`;
  }

  button(c: Pt, r = 9, color = this.look.trim): string {
    const rim = darken(color, 0.3);
    return `<circle cx="${f(c[0] + 1)}" cy="${f(c[1] + 2)}" r="${r}" fill="#000" fill-opacity="0.18"/><circle cx="${f(c[0])}" cy="${f(c[1])}" r="${r}" fill="${color}" stroke="${rim}" stroke-width="1.2"/><circle cx="${f(c[0] - r * 0.3)}" cy="${f(c[1] - r * 0.3)}" r="${f(r * 0.16)}" fill="${rim}"/><circle cx="${f(c[0] + r * 0.3)}" cy="${f(c[1] + r * 0.3)}" r="${f(r * 0.16)}" fill="${rim}"/><circle cx="${f(c[0] - r * 0.25)}" cy="${f(c[1] - r * 0.45)}" r="${f(r * 0.35)}" fill="#fff" fill-opacity="0.25"/>`;
  }

  /** Metal hardware: a ring, rivet or buckle face with a highlight. */
  metal(c: Pt, r: number, color = "#c9a75d"): string {
    return `<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${r}" fill="${color}" stroke="${darken(color, 0.35)}" stroke-width="1.2"/><circle cx="${f(c[0] - r * 0.3)}" cy="${f(c[1] - r * 0.3)}" r="${f(r * 0.4)}" fill="${lighten(color, 0.6)}" fill-opacity="0.7"/>`;
  }

  /** A zip along a path: tape, teeth and a pull at the start. */
  zip(from: Pt, to: Pt, color = "#b8b8b8"): string {
    const d = path("M", from, "L", to);
    return `<path d="${d}" stroke="${darken(this.base, 0.3)}" stroke-width="7" stroke-opacity="0.6" fill="none"/><path d="${d}" stroke="${color}" stroke-width="4" stroke-dasharray="2 2" fill="none"/><rect x="${f(from[0] - 5)}" y="${f(from[1])}" width="10" height="22" rx="3" fill="${color}" stroke="${darken(color, 0.4)}" stroke-width="1.2"/>`;
  }
}
