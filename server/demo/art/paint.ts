/**
 * Colours, fabric patterns and shading for the demo illustrations. Pattern tiles are kept
 * at 96 units or more: librsvg pays per tile, and small tiles made a picture ~5x slower.
 */

export type PatternKind =
  | "solid"
  | "stripes"
  | "pinstripe"
  | "floral"
  | "dots"
  | "gingham"
  | "plaid"
  | "denim"
  | "rib"
  | "leather"
  | "straw"
  | "leopard"
  | "satin";

export interface Fabric {
  pattern: PatternKind;
  base: string;
  /** Second colour of the print (stripes, flowers, checks); derived from the base when absent. */
  accent?: string;
}

function rgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}

export const darken = (hex: string, t: number) => mix(hex, "#000000", t);
export const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);

/** Perceived brightness 0..1, to pick stitching and print colours that read on the fabric. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A tone that stands out a little from the fabric: darker on light cloth, lighter on dark. */
export const contrast = (hex: string, t: number) => (luminance(hex) > 0.45 ? darken(hex, t) : lighten(hex, t));

/** Collects <defs> for one picture, de-duplicated by key, with ids unique within the SVG. */
export class Defs {
  private entries = new Map<string, { id: string; markup: string }>();

  add(key: string, make: (id: string) => string): string {
    const found = this.entries.get(key);
    if (found) return found.id;
    const id = `d${this.entries.size}`;
    this.entries.set(key, { id, markup: make(id) });
    return id;
  }

  markup(): string {
    return `<defs>${[...this.entries.values()].map((e) => e.markup).join("")}</defs>`;
  }

  /** Fill for a fabric: a pattern reference, or the plain colour for solids. */
  fabric(f: Fabric): string {
    if (f.pattern === "solid") return f.base;
    const id = this.add(`fabric:${f.pattern}:${f.base}:${f.accent ?? ""}`, (pid) => patternDef(pid, f));
    return `url(#${id})`;
  }

  /** Soft light-to-shadow overlay that gives a flat shape some volume. */
  shade(kind: "body" | "sheen" = "body"): string {
    if (kind === "sheen") {
      return `url(#${this.add("shade:sheen", (id) => `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.35" stop-color="#fff" stop-opacity="0"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.75" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>`)})`;
    }
    return `url(#${this.add("shade:body", (id) => `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.35"><stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>`)})`;
  }

  /** Blurred, offset silhouette of whatever it is applied to, merged under the original. */
  dropShadow(depth = 1): string {
    return `url(#${this.add(`shadow:${depth}`, (id) => {
      const blur = (10 * depth).toFixed(1);
      return `<filter id="${id}" x="-15%" y="-10%" width="130%" height="125%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dx="${(7 * depth).toFixed(1)}" dy="${(12 * depth).toFixed(1)}"/><feComponentTransfer><feFuncA type="linear" slope="0.3"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
    })})`;
  }
}

const everyOther = (x: number) => Math.abs(x) % 10 === 0;

function patternDef(id: string, f: Fabric): string {
  const base = f.base;
  const accent = f.accent ?? contrast(base, 0.55);
  const open = (size: number, extra = "") =>
    `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${extra}><rect width="${size}" height="${size}" fill="${base}"/>`;
  switch (f.pattern) {
    case "stripes":
      return `${open(96)}${[0, 48].map((y) => `<rect y="${y}" width="96" height="20" fill="${accent}"/>`).join("")}</pattern>`;
    case "pinstripe":
      return `${open(96)}${[0, 24, 48, 72].map((x) => `<rect x="${x + 11}" width="2" height="96" fill="${accent}" fill-opacity="0.7"/>`).join("")}</pattern>`;
    case "dots":
      return `${open(96)}${[
        [12, 12],
        [60, 12],
        [36, 36],
        [84, 36],
        [12, 60],
        [60, 60],
        [36, 84],
        [84, 84],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5.5" fill="${accent}"/>`)
        .join("")}</pattern>`;
    case "floral":
      return `${open(120)}${floralTile(accent, base)}</pattern>`;
    case "gingham": {
      const bands = [0, 24, 48, 72].map(
        (p) =>
          `<rect x="${p}" width="12" height="96" fill="${accent}" fill-opacity="0.45"/><rect y="${p}" width="96" height="12" fill="${accent}" fill-opacity="0.45"/>`,
      );
      return `${open(96)}${bands.join("")}</pattern>`;
    }
    case "plaid": {
      const line = contrast(base, 0.35);
      return `${open(120)}<rect x="0" width="40" height="120" fill="${accent}" fill-opacity="0.35"/><rect y="0" width="120" height="40" fill="${accent}" fill-opacity="0.35"/><rect x="78" width="4" height="120" fill="${line}" fill-opacity="0.8"/><rect y="78" width="120" height="4" fill="${line}" fill-opacity="0.8"/><rect x="18" width="2" height="120" fill="${lighten(base, 0.5)}" fill-opacity="0.6"/><rect y="18" width="120" height="2" fill="${lighten(base, 0.5)}" fill-opacity="0.6"/></pattern>`;
    }
    case "denim": {
      // Twill: fine diagonal lines, and a few lighter slubs so the cloth does not look printed.
      const light = lighten(base, 0.3);
      const lines = Array.from({ length: 38 }, (_, i) => i * 5 - 96)
        .map(
          (x) =>
            `<path d="M${x} 96 L${x + 96} 0" stroke="${everyOther(x) ? light : darken(base, 0.15)}" stroke-width="1.3" stroke-opacity="0.35"/>`,
        )
        .join("");
      const slubs = [
        [10, 22, 30],
        [58, 64, 22],
        [40, 86, 18],
        [70, 8, 14],
      ]
        .map(
          ([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="1.6" rx="0.8" fill="#fff" fill-opacity="0.12"/>`,
        )
        .join("");
      return `${open(96)}${lines}${slubs}</pattern>`;
    }
    case "rib": {
      const line = darken(base, 0.14);
      return `${open(96)}${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 12 + 8}" width="3" height="96" fill="${line}" fill-opacity="0.7"/>`).join("")}</pattern>`;
    }
    case "straw": {
      const dark = darken(base, 0.18);
      const cells = [];
      for (let y = 0; y < 96; y += 16)
        for (let x = 0; x < 96; x += 16) {
          const flip = (x / 16 + y / 16) % 2 === 0;
          cells.push(
            flip
              ? `<rect x="${x + 1}" y="${y + 5}" width="14" height="6" rx="3" fill="${dark}" fill-opacity="0.45"/>`
              : `<rect x="${x + 5}" y="${y + 1}" width="6" height="14" rx="3" fill="${lighten(base, 0.2)}" fill-opacity="0.6"/>`,
          );
        }
      return `${open(96)}${cells.join("")}</pattern>`;
    }
    case "leopard": {
      const spots = [
        [18, 20],
        [64, 14],
        [40, 52],
        [88, 60],
        [14, 84],
        [66, 96],
        [100, 104],
      ]
        .map(
          ([x, y], i) =>
            `<path d="M${x - 9} ${y} q4 -11 12 -8 q9 4 6 12 q-5 9 -12 6 q-8 -2 -6 -10z" fill="none" stroke="${darken(base, 0.65)}" stroke-width="4" transform="rotate(${i * 47} ${x} ${y})"/><circle cx="${x}" cy="${y}" r="4" fill="${darken(base, 0.25)}"/>`,
        )
        .join("");
      return `${open(120)}${spots}</pattern>`;
    }
    case "leather":
    case "satin":
    case "solid":
      return `${open(96)}</pattern>`;
  }
}

function floralTile(accent: string, base: string): string {
  const leaf = luminance(base) > 0.5 ? "#6f8f5e" : "#9bbf86";
  const centre = luminance(accent) > 0.6 ? "#d9a03f" : "#f3d27a";
  const flower = (x: number, y: number, r: number, color: string) => {
    const petals = [0, 72, 144, 216, 288]
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        return `<circle cx="${(x + Math.cos(rad) * r).toFixed(1)}" cy="${(y + Math.sin(rad) * r).toFixed(1)}" r="${(r * 0.78).toFixed(1)}" fill="${color}"/>`;
      })
      .join("");
    return `${petals}<circle cx="${x}" cy="${y}" r="${(r * 0.55).toFixed(1)}" fill="${centre}"/>`;
  };
  const leafAt = (x: number, y: number, rot: number) =>
    `<path d="M0 0 q9 -8 18 0 q-9 8 -18 0z" fill="${leaf}" transform="translate(${x} ${y}) rotate(${rot})"/>`;
  return [
    leafAt(30, 40, -30),
    leafAt(86, 92, 150),
    leafAt(92, 20, 60),
    leafAt(6, 100, -100),
    flower(24, 26, 8, accent),
    flower(84, 78, 7, accent),
    flower(70, 20, 4.5, lighten(accent, 0.35)),
    flower(24, 92, 5, lighten(accent, 0.35)),
    `<circle cx="52" cy="56" r="3" fill="${lighten(accent, 0.5)}"/>`,
    `<circle cx="108" cy="44" r="2.6" fill="${lighten(accent, 0.5)}"/>`,
  ].join("");
}
