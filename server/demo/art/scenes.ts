import { type Pt, path } from "./geometry";
import { type Defs, darken, lighten, mix } from "./paint";

/** Backdrops, props and layout maths for the product photographs. */

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Backdrop = "paper" | "linen" | "studio" | "wood" | "wall";

/** Soft, warm studio tones; each product gets one so the grid varies without clashing. */
export const TONES = ["#f2ece4", "#f3e7e2", "#e8ece3", "#e7ebef", "#efe6d8", "#ece8ef", "#eeebe6"] as const;

export function backdrop(defs: Defs, kind: Backdrop, tone: string): string {
  const glow = defs.add(
    `glow:${tone}`,
    (id) =>
      `<radialGradient id="${id}" cx="0.5" cy="0.42" r="0.75"><stop offset="0" stop-color="${lighten(tone, 0.45)}"/><stop offset="0.6" stop-color="${tone}"/><stop offset="1" stop-color="${darken(tone, 0.07)}"/></radialGradient>`,
  );
  const base = `<rect width="800" height="1000" fill="url(#${glow})"/>`;
  switch (kind) {
    case "paper":
      return base;
    case "linen": {
      const weave = defs.add(`weave:${tone}`, (id) => {
        const lines = Array.from(
          { length: 12 },
          (_, i) =>
            `<rect x="0" y="${i * 16 + 3}" width="192" height="1.2" fill="${darken(tone, 0.2)}" fill-opacity="${0.12 + (i % 3) * 0.05}"/><rect x="${i * 16 + 9}" y="0" width="1" height="192" fill="${lighten(tone, 0.5)}" fill-opacity="0.25"/>`,
        );
        return `<pattern id="${id}" width="192" height="192" patternUnits="userSpaceOnUse">${lines.join("")}</pattern>`;
      });
      return `${base}<rect width="800" height="1000" fill="url(#${weave})"/>`;
    }
    case "studio":
    case "wall": {
      const floorY = kind === "studio" ? 740 : 880;
      const floor = defs.add(
        `floor:${tone}:${floorY}`,
        (id) =>
          `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(tone, 0.09)}"/><stop offset="0.25" stop-color="${darken(tone, 0.04)}"/><stop offset="1" stop-color="${lighten(tone, 0.25)}"/></linearGradient>`,
      );
      return `${base}<rect y="${floorY}" width="800" height="${1000 - floorY}" fill="url(#${floor})"/><rect y="${floorY - 1}" width="800" height="2" fill="${darken(tone, 0.12)}" fill-opacity="0.35"/>`;
    }
    case "wood": {
      const wood = mix(tone, "#c9a37c", 0.55);
      const planks = Array.from({ length: 6 }, (_, i) => {
        const x = i * 140 - 20;
        const shade = i % 2 === 0 ? lighten(wood, 0.06) : darken(wood, 0.04);
        const grain = [0.2, 0.45, 0.7]
          .map(
            (g, k) =>
              `<path d="M${x + 140 * g} 0 Q ${x + 140 * g + (k - 1) * 14} 500 ${x + 140 * g} 1000" stroke="${darken(wood, 0.18)}" stroke-width="1.4" fill="none" stroke-opacity="0.35"/>`,
          )
          .join("");
        return `<rect x="${x}" y="0" width="140" height="1000" fill="${shade}"/>${grain}<rect x="${x}" y="0" width="2" height="1000" fill="${darken(wood, 0.3)}" fill-opacity="0.5"/>`;
      }).join("");
      const light = defs.add(
        "woodlight",
        (id) =>
          `<radialGradient id="${id}" cx="0.45" cy="0.35" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></radialGradient>`,
      );
      return `${planks}<rect width="800" height="1000" fill="url(#${light})"/>`;
    }
  }
}

/** A eucalyptus sprig: the kind of prop a stylist lays next to a flat-lay. */
export function sprig(at: Pt, scale: number, rotate: number): string {
  const leaves = Array.from({ length: 9 }, (_, i) => {
    const t = i / 8;
    const y = -t * 300;
    const side = i % 2 === 0 ? 1 : -1;
    const r = 26 - t * 10;
    return `<ellipse cx="${side * r * 0.9}" cy="${y}" rx="${r}" ry="${r * 0.78}" fill="${i % 3 === 0 ? "#8fa58a" : "#9fb59a"}" stroke="#6f8a6c" stroke-width="1.2" transform="rotate(${side * 25} ${side * r * 0.9} ${y})"/>`;
  }).join("");
  const stem = `<path d="M0 30 Q 8 -150 -4 -310" stroke="#7a6a55" stroke-width="4" fill="none"/>`;
  return `<g transform="translate(${at[0]} ${at[1]}) rotate(${rotate}) scale(${scale})">${stem}${leaves}</g>`;
}

/** A clothes rail across the top and a wooden hanger whose hook meets it. */
export function hanger(neck: Pt, shoulderHalf: number): string {
  const [x, y] = neck;
  const hook = path(
    "M",
    [x, y - 6],
    "L",
    [x, y - 56],
    "Q",
    [x, y - 96],
    [x - 30, y - 94],
    "Q",
    [x - 52, y - 90],
    [x - 48, y - 66],
  );
  const bar = path(
    "M",
    [x - shoulderHalf, y + 40],
    "Q",
    [x - shoulderHalf * 0.5, y - 4],
    [x, y - 8],
    "Q",
    [x + shoulderHalf * 0.5, y - 4],
    [x + shoulderHalf, y + 40],
  );
  const rail = `<rect x="0" y="${y - 112}" width="800" height="14" rx="7" fill="#b9b3aa"/><rect x="0" y="${y - 110}" width="800" height="4" fill="#fff" fill-opacity="0.5"/>`;
  return `${rail}<path d="${hook}" stroke="#a8a29a" stroke-width="7" fill="none" stroke-linecap="round"/><path d="${bar}" stroke="#8a5a35" stroke-width="22" fill="none" stroke-linecap="round"/><path d="${bar}" stroke="#a8744a" stroke-width="14" fill="none" stroke-linecap="round" transform="translate(0 -3)"/>`;
}

/** The transform that fits a box into a target, centred (or standing on the target's bottom edge). */
export function fitInto(
  box: Box,
  target: Box,
  opts: { rotate?: number; align?: "centre" | "bottom" | "top"; maxScale?: number } = {},
): string {
  const s = Math.min(target.w / box.w, target.h / box.h, opts.maxScale ?? 3);
  const cx = target.x + target.w / 2;
  const align = opts.align ?? "centre";
  const cy =
    align === "bottom"
      ? target.y + target.h - (box.h * s) / 2
      : align === "top"
        ? target.y + (box.h * s) / 2
        : target.y + target.h / 2;
  const bx = box.x + box.w / 2;
  const by = box.y + box.h / 2;
  const rot = opts.rotate ? ` rotate(${opts.rotate})` : "";
  return `translate(${round(cx)} ${round(cy)})${rot} scale(${round(s, 4)}) translate(${round(-bx)} ${round(-by)})`;
}

/** The transform that enlarges the area around a point to fill the frame. */
export function zoom(focus: Pt, k: number): string {
  return `translate(400 500) scale(${k}) translate(${round(-focus[0])} ${round(-focus[1])})`;
}

/** A soft pool of shadow where a standing item meets the floor. */
export function contactShadow(defs: Defs, box: Box): string {
  const id = defs.add(
    "contact",
    (gid) =>
      `<radialGradient id="${gid}"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.55" stop-color="#000" stop-opacity="0.14"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
  const cx = box.x + box.w / 2;
  const y = box.y + box.h;
  return `<ellipse cx="${round(cx)}" cy="${round(y)}" rx="${round(box.w * 0.62)}" ry="${round(Math.max(16, box.w * 0.07))}" fill="url(#${id})"/>`;
}

/** Where a box lands after fitInto(): needed to put a contact shadow under a standing item. */
export function fitted(box: Box, target: Box, align: "centre" | "bottom" | "top" = "centre", maxScale = 3): Box {
  const s = Math.min(target.w / box.w, target.h / box.h, maxScale);
  const w = box.w * s;
  const h = box.h * s;
  const x = target.x + (target.w - w) / 2;
  const y = align === "bottom" ? target.y + target.h - h : align === "top" ? target.y : target.y + (target.h - h) / 2;
  return { x, y, w, h };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
