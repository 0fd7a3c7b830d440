import { CX, lerp, mirror, type Pen, type Pt, path } from "./geometry";
import { contrast, darken } from "./paint";

/** Upper-body building blocks shared by tops, dresses, jackets and children's clothes. */

export type Neck = "round" | "v" | "square" | "scoop" | "boat" | "crew";
export type SleeveKind = "none" | "strap" | "cap" | "short" | "elbow" | "long" | "puff" | "flutter";

export interface Torso {
  top: number;
  neckW: number;
  neck: Neck;
  neckDepth: number;
  shoulderW: number;
  chestW: number;
  armY: number;
  waistW: number;
  waistY: number;
  hemW: number;
  hemY: number;
  /** Downward bulge of the hem at the centre. */
  hemCurve?: number;
}

export interface Sleeve {
  kind: SleeveKind;
  /** Angle from straight down, in degrees: flat-lay sleeves splay out. */
  angle?: number;
  cuff?: boolean;
  length?: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

export function shoulderPoint(t: Torso): Pt {
  return [CX - t.shoulderW, t.top + (t.shoulderW - t.neckW) * 0.16];
}

/** The left half of a torso outline from the neck, round the hem, back up to the neck. */
export function torsoPath(t: Torso, view: "front" | "back" = "front"): string {
  const nl: Pt = [CX - t.neckW, t.top];
  const nr: Pt = [CX + t.neckW, t.top];
  const sl = shoulderPoint(t);
  const al: Pt = [CX - t.chestW, t.armY];
  const hl: Pt = [CX - t.hemW, t.hemY];
  const wl: Pt = [CX - t.waistW, t.waistY];
  // The control point is set so the side seam passes through the waist point.
  const ctrl: Pt = [2 * wl[0] - (al[0] + hl[0]) / 2, 2 * wl[1] - (al[1] + hl[1]) / 2];
  const armCtrl: Pt = [al[0] + 10, (sl[1] + al[1]) / 2 + 14];
  const m = (p: Pt): Pt => [2 * CX - p[0], p[1]];
  return `${path("M", nl, "L", sl, "Q", armCtrl, al, "Q", ctrl, hl, "Q", [CX, t.hemY + (t.hemCurve ?? 8)], m(hl), "Q", m(ctrl), m(al), "Q", m(armCtrl), m(sl))} ${neckline(t, nr, nl, view)} Z`;
}

/** Neckline from the right neck point back to the left one. */
export function neckline(t: Torso, nr: Pt, nl: Pt, view: "front" | "back" = "front"): string {
  const depth = view === "back" ? Math.min(t.neckDepth, 22) * 0.6 : t.neckDepth;
  const y = t.top + depth;
  const kind = view === "back" && t.neck !== "boat" ? "round" : t.neck;
  switch (kind) {
    case "v":
      return path("L", nr, "L", [CX, y], "L", nl);
    case "square":
      return path("L", nr, "L", [nr[0] - 4, y], "L", [nl[0] + 4, y], "L", nl);
    case "boat":
      return path("L", nr, "Q", [CX, t.top + depth * 2], nl);
    default:
      return path("L", nr, "C", [nr[0] - 4, y + depth * 0.32], [nl[0] + 4, y + depth * 0.32], nl);
  }
}

/** The back of the garment seen through the neck opening, drawn darker as the inside. */
export function neckInside(pen: Pen, t: Torso): string {
  if (t.neck === "boat") return "";
  const nl: Pt = [CX - t.neckW, t.top];
  const nr: Pt = [CX + t.neckW, t.top];
  const d = `${path("M", nl, "Q", [CX, t.top + 16], nr)} ${neckline(t, nr, nl)} Z`;
  return `<path d="${d}" fill="${darken(pen.base, 0.22)}"/>`;
}

export function neckBinding(pen: Pen, t: Torso, view: "front" | "back" = "front", width = 7): string {
  const nl: Pt = [CX - t.neckW, t.top];
  const nr: Pt = [CX + t.neckW, t.top];
  const dFromRight = `${path("M", nr)} ${neckline(t, nr, nl, view).replace(/^L \S+/, "")}`;
  return `<path d="${dFromRight}" fill="none" stroke="${darken(pen.base, 0.12)}" stroke-width="${width}" stroke-linejoin="round"/>${pen.stitch(dFromRight, contrast(pen.base, 0.25), 1.2)}`;
}

export interface SleeveShape {
  d: string;
  cuff?: string;
  /** Outer and inner edges, shoulder to wrist, for creases and quilting. */
  outer: [Pt, Pt];
  inner: [Pt, Pt];
}

/** Left sleeve (the right one is its mirror image), drawn under the torso. */
export function sleevePath(t: Torso, s: Sleeve): SleeveShape | undefined {
  const sl = shoulderPoint(t);
  const al: Pt = [CX - t.chestW + 6, t.armY];
  const length =
    s.length ?? { none: 0, strap: 0, cap: 50, short: 95, puff: 95, flutter: 90, elbow: 190, long: 330 }[s.kind];
  if (!length) return undefined;
  const angle = rad(s.angle ?? (s.kind === "long" ? 24 : s.kind === "elbow" ? 32 : 48));
  const dir: Pt = [-Math.sin(angle), Math.cos(angle)];
  const perp: Pt = [Math.cos(angle), Math.sin(angle)];
  const armSpan = Math.hypot(al[0] - sl[0], al[1] - sl[1]);
  const endW =
    s.kind === "long"
      ? Math.max(58, armSpan * 0.42)
      : s.kind === "puff"
        ? armSpan * 1.05
        : s.kind === "flutter"
          ? armSpan * 1.25
          : armSpan * 0.82;
  const e1: Pt = [sl[0] + dir[0] * length, sl[1] + dir[1] * length];
  const e2: Pt = [e1[0] + perp[0] * endW, e1[1] + perp[1] * endW];
  const inner: Pt = [al[0] + 14, al[1] - 6];
  const edges = { outer: [sl, e1] as [Pt, Pt], inner: [inner, e2] as [Pt, Pt] };
  if (s.kind === "cap") {
    return {
      d: path("M", [sl[0] + 6, sl[1] - 2], "Q", [e1[0] - 6, e1[1] - 14], e1, "Q", lerp(e1, inner, 0.5), inner, "Z"),
      ...edges,
    };
  }
  const bulge = s.kind === "puff" ? 34 : s.kind === "flutter" ? 10 : 4;
  const outerMid = lerp(sl, e1, 0.45);
  const d =
    s.kind === "flutter"
      ? path(
          "M",
          sl,
          "Q",
          [outerMid[0] - bulge, outerMid[1]],
          e1,
          "Q",
          lerp(e1, e2, 0.25),
          lerp(e1, e2, 0.33),
          "Q",
          lerp(e1, e2, 0.55),
          lerp(e1, e2, 0.66),
          "Q",
          lerp(e1, e2, 0.88),
          e2,
          "L",
          inner,
          "Z",
        )
      : path(
          "M",
          sl,
          "Q",
          [outerMid[0] - bulge, outerMid[1] - bulge * 0.3],
          e1,
          "L",
          e2,
          "Q",
          lerp(e2, inner, 0.5),
          inner,
          "Z",
        );
  if (!(s.cuff ?? (s.kind === "long" || s.kind === "puff"))) return { d, ...edges };
  const c1: Pt = [e1[0] - dir[0] * 24, e1[1] - dir[1] * 24];
  const c2: Pt = [e2[0] - dir[0] * 24, e2[1] - dir[1] * 24];
  const tight = s.kind === "puff" ? 0.18 : 0.03;
  return {
    d,
    cuff: path(
      "M",
      lerp(c1, c2, tight),
      "L",
      lerp(e1, e2, tight),
      "L",
      lerp(e1, e2, 1 - tight),
      "L",
      lerp(c1, c2, 1 - tight),
      "Z",
    ),
    ...edges,
  };
}

/** A point across the sleeve (0 outer edge, 1 inner edge) at a fraction of its length. */
export function onSleeve(sp: SleeveShape, along: number, across: number): Pt {
  return lerp(lerp(sp.outer[0], sp.outer[1], along), lerp(sp.inner[0], sp.inner[1], along), across);
}

/** Both sleeves with creases and cuffs; extra(sleeve) adds details drawn on the left one and mirrored. */
export function sleeves(pen: Pen, t: Torso, s: Sleeve, extra?: (sp: SleeveShape) => string): string {
  if (s.kind === "strap") return straps(pen, t);
  const sp = sleevePath(t, s);
  if (!sp) return "";
  const long = s.kind === "long" || s.kind === "elbow";
  const creases = long
    ? pen.fold(onSleeve(sp, 0.45, 0.55), onSleeve(sp, 0.62, 0.3), 18) +
      pen.fold(onSleeve(sp, 0.6, 0.7), onSleeve(sp, 0.78, 0.45), 16)
    : "";
  const details = (extra?.(sp) ?? "") + creases;
  const one = (d: string, cuff: string | undefined, more: string) =>
    `${pen.panel(d)}${more}${cuff ? pen.panel(cuff) : ""}`;
  return `${one(sp.d, sp.cuff, details)}${one(mirror(sp.d), sp.cuff && mirror(sp.cuff), mirror(details))}`;
}

function straps(pen: Pen, t: Torso): string {
  const l: Pt = [CX - t.neckW - 10, t.top + t.neckDepth * 0.2];
  const d = path("M", [l[0] - 3, t.top - 40], "Q", [l[0] - 10, t.top], [l[0] - 10, t.top + 26]);
  const strap = (x: string) =>
    `<path d="${x}" fill="none" stroke="${darken(pen.base, 0.08)}" stroke-width="7" stroke-linecap="round"/>`;
  return strap(d) + strap(mirror(d));
}

export function hemStitch(pen: Pen, t: Torso, inset = 12): string {
  const y = t.hemY - inset;
  const w = t.hemW - 4;
  return pen.stitch(path("M", [CX - w, y], "Q", [CX, y + (t.hemCurve ?? 8)], [CX + w, y]));
}

export function placket(pen: Pen, t: Torso, from: number, buttons: number): string {
  const line = pen.line(path("M", [CX + 12, from], "L", [CX + 12, t.hemY - 4]), darken(pen.base, 0.3), 1.4, 0.6);
  const step = (t.hemY - from - 40) / Math.max(1, buttons - 1);
  const dots = Array.from({ length: buttons }, (_, i) => pen.button([CX, from + 18 + i * step], 7)).join("");
  return line + dots;
}

export function chestPocket(pen: Pen, at: Pt, w = 60, h = 66): string {
  const [x, y] = at;
  const d = path(
    "M",
    [x, y],
    "L",
    [x + w, y],
    "L",
    [x + w, y + h - 10],
    "L",
    [x + w / 2, y + h],
    "L",
    [x, y + h - 10],
    "Z",
  );
  return `${pen.panel(d, { shade: false, edge: 1.2 })}${pen.stitch(path("M", [x + 5, y + 8], "L", [x + w - 5, y + 8]), undefined, 1.2)}`;
}
