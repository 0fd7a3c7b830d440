import { drawSkirt, drawTrousers, type Skirt } from "./bottoms";
import { CX, lerp, mirror, type Pen, type Pt, path } from "./geometry";
import { darken } from "./paint";
import { hemStitch, neckBinding, neckInside, placket, type Sleeve, sleeves, type Torso, torsoPath } from "./tops";

/** Dresses and two-piece sets. Each drawer returns SVG on the 800x1000 canvas plus a point worth a close-up. */

export type View = "front" | "back";
export interface Drawing {
  svg: string;
  focus: Pt;
}

const bodice = (over: Partial<Torso> = {}): Torso => ({
  top: 140,
  neckW: 52,
  neck: "round",
  neckDepth: 46,
  shoulderW: 118,
  chestW: 112,
  armY: 290,
  waistW: 92,
  waistY: 392,
  hemW: 92,
  hemY: 400,
  hemCurve: 6,
  ...over,
});

function dress(pen: Pen, view: View, t: Torso, sleeve: Sleeve, skirt: Skirt, extra = ""): string {
  return [
    sleeves(pen, t, sleeve),
    drawSkirt(pen, skirt, view),
    view === "front" ? neckInside(pen, t) : "",
    pen.panel(torsoPath(t, view)),
    t.neck === "boat" ? "" : neckBinding(pen, t, view, 5),
    extra,
  ].join("");
}

function waistSeam(pen: Pen, y: number, w: number): string {
  return pen.line(path("M", [CX - w, y], "Q", [CX, y + 6], [CX + w, y]), darken(pen.base, 0.4), 1.8, 0.6);
}

function darts(pen: Pen, t: Torso): string {
  const d = path("M", [CX - 52, t.waistY], "L", [CX - 44, t.armY + 20]);
  return pen.line(d, undefined, 1.2, 0.4) + pen.line(mirror(d), undefined, 1.2, 0.4);
}

export function aLineDress(pen: Pen, view: View): Drawing {
  const t = bodice({ neck: view === "front" ? "square" : "round", neckDepth: 54 });
  const skirt: Skirt = { style: "a-line", waistY: 392, waistW: 92, hemY: 860, hemW: 250 };
  const svg = dress(
    pen,
    view,
    t,
    { kind: "cap" },
    skirt,
    waistSeam(pen, 396, 92) + darts(pen, t) + (view === "back" ? pen.zip([CX, 150], [CX, 470], "#b0a79c") : ""),
  );
  return { svg, focus: [CX - 40, 330] };
}

export function wrapDress(pen: Pen, view: View): Drawing {
  const t = bodice({ neck: "v", neckDepth: view === "front" ? 170 : 30, neckW: 46, waistW: 88 });
  const skirt: Skirt = { style: "wrap", waistY: 392, waistW: 88, hemY: 840, hemW: 220 };
  const extra: string[] = [];
  if (view === "front") {
    extra.push(
      pen.line(path("M", [CX - 46, 140], "Q", [CX - 10, 300], [CX + 88, 392]), darken(pen.base, 0.45), 2.2, 0.7),
    );
    const tie = path(
      "M",
      [CX + 84, 398],
      "Q",
      [CX + 130, 470],
      [CX + 112, 600],
      "L",
      [CX + 138, 604],
      "Q",
      [CX + 150, 470],
      [CX + 96, 396],
      "Z",
    );
    const tie2 = path(
      "M",
      [CX + 80, 400],
      "Q",
      [CX + 70, 480],
      [CX + 40, 560],
      "L",
      [CX + 62, 570],
      "Q",
      [CX + 96, 480],
      [CX + 98, 404],
      "Z",
    );
    extra.push(
      pen.panel(tie2),
      pen.panel(tie),
      pen.panel(path("M", [CX + 74, 384], "L", [CX + 108, 382], "L", [CX + 112, 414], "L", [CX + 76, 416], "Z")),
    );
  }
  extra.push(
    pen.panel(path("M", [CX - 90, 386], "L", [CX + 90, 386], "L", [CX + 90, 408], "L", [CX - 90, 408], "Z"), {
      shade: false,
    }),
  );
  const svg = dress(pen, view, t, { kind: "elbow", cuff: false }, skirt, extra.join(""));
  return { svg, focus: [CX + 60, 420] };
}

export function slipDress(pen: Pen, view: View): Drawing {
  const dip = view === "front" ? 250 : 220;
  const body = path(
    "M",
    [CX - 90, 200],
    "L",
    [CX, dip],
    "L",
    [CX + 90, 200],
    "Q",
    [CX + 106, 300],
    [CX + 98, 410],
    "Q",
    [CX + 118, 650],
    [CX + 160, 900],
    "Q",
    [CX, 914],
    [CX - 160, 900],
    "Q",
    [CX - 118, 650],
    [CX - 98, 410],
    "Q",
    [CX - 106, 300],
    [CX - 90, 200],
    "Z",
  );
  const strap = path("M", [CX - 84, 204], "L", [CX - 74, 120], "Q", [CX - 70, 104], [CX - 56, 108]);
  const lace = pen.look.trim;
  const scallops = (from: Pt, to: Pt) =>
    Array.from({ length: 8 }, (_, i) => {
      const p = lerp(from, to, (i + 0.5) / 8);
      return `<circle cx="${p[0].toFixed(1)}" cy="${(p[1] + 2).toFixed(1)}" r="7.5" fill="${lace}" stroke="${darken(lace, 0.2)}" stroke-width="0.8"/><circle cx="${p[0].toFixed(1)}" cy="${(p[1] + 3).toFixed(1)}" r="2" fill="${darken(lace, 0.25)}"/>`;
    }).join("");
  const folds = [-60, -20, 30, 70]
    .map((x, i) => pen.fold([CX + x * 0.8, 430], [CX + x * 1.5, 890], 34, i % 2 === 0))
    .join("");
  const parts = [
    pen.line(strap, darken(pen.base, 0.1), 7, 1),
    pen.line(mirror(strap), darken(pen.base, 0.1), 7, 1),
    pen.panel(body),
    pen.clip(body, folds),
  ];
  parts.push(scallops([CX - 90, 200], [CX, dip]), scallops([CX, dip], [CX + 90, 200]));
  if (view === "front")
    parts.push(
      pen.line(
        path("M", [CX - 86, 214], "Q", [CX - 50, 300], [CX, dip + 14], "Q", [CX + 50, 300], [CX + 86, 214]),
        darken(pen.base, 0.35),
        1.6,
        0.45,
      ),
    );
  parts.push(pen.stitch(path("M", [CX - 152, 886], "Q", [CX, 900], [CX + 152, 886])));
  return { svg: parts.join(""), focus: [CX, 250] };
}

export function maxiDress(pen: Pen, view: View): Drawing {
  const t = bodice({
    top: 110,
    armY: 250,
    waistY: 340,
    hemY: 348,
    waistW: 90,
    neck: "v",
    neckDepth: view === "front" ? 80 : 24,
  });
  const skirt: Skirt = { style: "tiered", waistY: 340, waistW: 90, hemY: 950, hemW: 270 };
  const svg = dress(pen, view, t, { kind: "flutter", angle: 55 }, skirt, waistSeam(pen, 344, 90));
  return { svg, focus: [CX - 60, 560] };
}

export function shirtDress(pen: Pen, view: View): Drawing {
  const t = bodice({ neckW: 44, neckDepth: 40, armY: 300, waistW: 100, waistY: 410, hemW: 100 });
  const skirt: Skirt = { style: "a-line", waistY: 410, waistW: 100, hemY: 870, hemW: 210 };
  const parts = [
    sleeves(pen, t, { kind: "short", angle: 42 }),
    drawSkirt(pen, skirt, view),
    pen.panel(torsoPath(t, view)),
  ];
  parts.push(collar(pen, t.top, 44));
  if (view === "front") parts.push(placket(pen, { ...t, hemY: 640 }, 190, 6));
  const belt = path("M", [CX - 104, 398], "L", [CX + 104, 398], "L", [CX + 104, 426], "L", [CX - 104, 426], "Z");
  parts.push(
    pen.panel(belt, { shade: false }),
    view === "front"
      ? pen.panel(
          path(
            "M",
            [CX + 20, 420],
            "Q",
            [CX + 40, 500],
            [CX + 30, 560],
            "L",
            [CX + 52, 562],
            "Q",
            [CX + 60, 490],
            [CX + 40, 420],
            "Z",
          ),
        )
      : "",
  );
  return { svg: parts.join(""), focus: [CX, 230] };
}

/** A pointed shirt collar around the neck, with the inside of the back neck showing. */
export function collar(pen: Pen, top: number, neckW: number): string {
  const inside = path(
    "M",
    [CX - neckW - 4, top - 6],
    "Q",
    [CX, top - 20],
    [CX + neckW + 4, top - 6],
    "L",
    [CX, top + 40],
    "Z",
  );
  const left = path(
    "M",
    [CX, top + 36],
    "L",
    [CX - neckW - 6, top - 8],
    "L",
    [CX - neckW - 26, top + 10],
    "L",
    [CX - 30, top + 84],
    "Z",
  );
  const stand = path(
    "M",
    [CX - neckW - 6, top - 8],
    "Q",
    [CX, top - 26],
    [CX + neckW + 6, top - 8],
    "L",
    [CX + neckW - 2, top + 2],
    "Q",
    [CX, top - 12],
    [CX - neckW + 2, top + 2],
    "Z",
  );
  return `<path d="${inside}" fill="${darken(pen.base, 0.35)}"/>${pen.panel(stand, { shade: false })}${pen.panel(left)}${pen.panel(mirror(left))}`;
}

const setTop = (over: Partial<Torso> = {}): Torso => ({
  top: 80,
  neckW: 46,
  neck: "round",
  neckDepth: 40,
  shoulderW: 112,
  chestW: 110,
  armY: 210,
  waistW: 108,
  waistY: 300,
  hemW: 112,
  hemY: 370,
  hemCurve: 6,
  ...over,
});

function topPiece(pen: Pen, view: View, t: Torso, sleeve: Sleeve, extra = ""): string {
  return [
    sleeves(pen, t, sleeve),
    view === "front" ? neckInside(pen, t) : "",
    pen.panel(torsoPath(t, view)),
    t.neck === "boat" ? "" : neckBinding(pen, t, view, 6),
    hemStitch(pen, t),
    extra,
  ].join("");
}

/** A set: the top laid above the bottoms, overlapping the waistband as it would in a flat-lay. */
function set(top: string, bottom: string, bottomShift = 0): string {
  return `<g transform="translate(0 ${bottomShift})">${bottom}</g><g filter="none">${top}</g>`;
}

export function teeSkirtSet(pen: Pen, view: View): Drawing {
  const t = setTop({ hemY: 360 });
  const skirt: Skirt = { style: "pleated", waistY: 390, waistW: 112, hemY: 900, hemW: 210, band: 34 };
  return {
    svg: set(topPiece(pen, view, t, { kind: "short", angle: 52 }), drawSkirt(pen, skirt, view)),
    focus: [CX - 40, 560],
  };
}

export function camiTrouserSet(pen: Pen, view: View): Drawing {
  const t = setTop({
    top: 120,
    neck: "v",
    neckDepth: 60,
    neckW: 70,
    shoulderW: 84,
    chestW: 104,
    armY: 170,
    hemY: 350,
    waistW: 104,
  });
  const trousers = {
    style: "wide" as const,
    waistY: 380,
    waistW: 104,
    hipW: 128,
    crotchY: 560,
    hemY: 950,
    hemOuter: 190,
    hemInner: 24,
  };
  return {
    svg: set(topPiece(pen, view, t, { kind: "strap" }), drawTrousers(pen, trousers, view)),
    focus: [CX + 60, 470],
  };
}

export function cropShortsSet(pen: Pen, view: View): Drawing {
  const t = setTop({ top: 110, hemY: 330, waistW: 118, hemW: 122, neck: "boat", neckDepth: 16, neckW: 70 });
  const shorts = {
    style: "shorts" as const,
    waistY: 420,
    waistW: 110,
    hipW: 134,
    crotchY: 600,
    hemY: 690,
    hemOuter: 168,
    hemInner: 18,
  };
  return {
    svg: set(topPiece(pen, view, t, { kind: "puff", angle: 50 }), drawTrousers(pen, shorts, view), 60),
    focus: [CX + 50, 540],
  };
}

export function knitSkirtSet(pen: Pen, view: View): Drawing {
  const t = setTop({ neck: "crew", neckDepth: 34, hemY: 400, hemW: 118, waistW: 116 });
  const skirt: Skirt = { style: "straight", waistY: 430, waistW: 104, hemY: 920, hemW: 138, band: 30 };
  const rib = pen.panel(
    path("M", [CX - 118, 372], "L", [CX + 118, 372], "L", [CX + 118, 404], "L", [CX - 118, 404], "Z"),
    { fabric: { pattern: "rib", base: pen.base }, shade: false },
  );
  return {
    svg: set(topPiece(pen, view, t, { kind: "long", angle: 30, cuff: true }, rib), drawSkirt(pen, skirt, view)),
    focus: [CX - 150, 440],
  };
}

export function loungeSet(pen: Pen, view: View): Drawing {
  const t = setTop({ neck: "crew", hemY: 400, hemW: 120, waistW: 120 });
  const joggers = {
    style: "jogger" as const,
    waistY: 420,
    waistW: 104,
    hipW: 124,
    crotchY: 600,
    hemY: 950,
    hemOuter: 118,
    hemInner: 30,
  };
  const rib = pen.panel(
    path("M", [CX - 120, 368], "L", [CX + 120, 368], "L", [CX + 120, 404], "L", [CX - 120, 404], "Z"),
    { fabric: { pattern: "rib", base: pen.base }, shade: false },
  );
  return {
    svg: set(topPiece(pen, view, t, { kind: "long", angle: 28, cuff: true }, rib), drawTrousers(pen, joggers, view)),
    focus: [CX + 30, 470],
  };
}
