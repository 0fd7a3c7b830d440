import { CX, lerp, mirror, type Pen, type Pt, path } from "./geometry";
import { contrast, darken } from "./paint";

/** Skirts and trousers, also used as the lower half of dresses and sets. */

export interface Skirt {
  style: "a-line" | "pleated" | "tiered" | "straight" | "wrap";
  waistY: number;
  waistW: number;
  hemY: number;
  hemW: number;
  /** Height of a separate waistband; 0 when the skirt is sewn to a bodice. */
  band?: number;
}

export function skirtPath(s: Skirt): string {
  const wl: Pt = [CX - s.waistW, s.waistY];
  const hl: Pt = [CX - s.hemW, s.hemY];
  const flare = s.style === "straight" ? 0.1 : 0.22;
  const side: Pt = [CX - s.waistW - (s.hemW - s.waistW) * flare, lerp(wl, hl, 0.45)[1]];
  const dip = s.style === "straight" ? 6 : 16 + (s.hemW - s.waistW) * 0.08;
  return `${path("M", wl, "Q", side, hl, "Q", [CX, s.hemY + dip], [CX + s.hemW, s.hemY])} ${mirror(path("Q", side, wl))} Z`;
}

export function drawSkirt(pen: Pen, s: Skirt, view: "front" | "back" = "front"): string {
  const d = skirtPath(s);
  const parts: string[] = [];
  const spread = (i: number, n: number, w: number) => CX - w + (2 * w * (i + 0.5)) / n;
  const dip = (x: number) => s.hemY + (s.style === "straight" ? 6 : 14) * (1 - ((x - CX) / s.hemW) ** 2);
  if (s.style === "pleated") {
    const n = 14;
    for (let i = 0; i <= n; i++) {
      const top: Pt = [CX - s.waistW + (2 * s.waistW * i) / n, s.waistY + (s.band ?? 0)];
      const hx = CX - s.hemW + (2 * s.hemW * i) / n;
      parts.push(pen.line(path("M", top, "L", [hx, dip(hx) - 1]), darken(pen.base, 0.3), 1.4, 0.55));
      if (i < n && i % 2 === 0) {
        const hx2 = CX - s.hemW + (2 * s.hemW * (i + 1)) / n;
        const top2: Pt = [CX - s.waistW + (2 * s.waistW * (i + 1)) / n, top[1]];
        parts.push(
          `<path d="${path("M", top, "L", [hx, dip(hx)], "L", [hx2, dip(hx2)], "L", top2, "Z")}" fill="#000" fill-opacity="0.07"/>`,
        );
      }
    }
  } else if (s.style === "tiered") {
    for (const t of [0.36, 0.68]) {
      const y = s.waistY + (s.hemY - s.waistY) * t;
      const w = s.hemW + 20;
      parts.push(
        `<path d="${path("M", [CX - w, y], "Q", [CX, y + 12], [CX + w, y], "L", [CX + w, y + 14], "Q", [CX, y + 26], [CX - w, y + 14], "Z")}" fill="#000" fill-opacity="0.08"/>`,
      );
      parts.push(pen.line(path("M", [CX - w, y], "Q", [CX, y + 12], [CX + w, y]), darken(pen.base, 0.4), 2.2, 0.6));
      for (let i = 0; i < 12; i++) {
        const x = CX - w + ((2 * w) / 12) * (i + 0.5);
        parts.push(pen.fold([x, y + 4], [x + (x - CX) * 0.08, y + 70], 16));
      }
    }
  } else {
    const n = s.style === "straight" ? 3 : 5;
    for (let i = 0; i < n; i++) {
      const from: Pt = [spread(i, n, s.waistW * 0.8), s.waistY + (s.band ?? 0) + 30];
      const x = spread(i, n, s.hemW * 0.85);
      parts.push(pen.fold(from, [x, dip(x) - 4], s.style === "straight" ? 26 : 46, i % 2 === 0));
    }
  }
  if (s.style === "wrap" && view === "front") {
    parts.push(
      pen.line(
        path(
          "M",
          [CX + s.waistW * 0.6, s.waistY + (s.band ?? 0)],
          "Q",
          [CX + s.hemW * 0.3, s.hemY - 140],
          [CX + s.hemW * 0.55, dip(CX + s.hemW * 0.55)],
        ),
        darken(pen.base, 0.4),
        2,
        0.6,
      ),
    );
  }
  parts.push(
    pen.stitch(
      path(
        "M",
        [CX - s.hemW + 6, s.hemY - 12],
        "Q",
        [CX, s.hemY + 2 + (s.style === "straight" ? 0 : 10)],
        [CX + s.hemW - 6, s.hemY - 12],
      ),
    ),
  );
  const after: string[] = [];
  if (s.band) after.push(waistband(pen, s.waistY, s.waistW, s.band));
  if (view === "back" && s.band) after.push(pen.zip([CX, s.waistY + 4], [CX, s.waistY + 150], "#9a9a9a"));
  return pen.panel(d) + pen.clip(d, parts.join("")) + after.join("");
}

export function waistband(pen: Pen, y: number, w: number, h: number): string {
  const d = path("M", [CX - w - 1, y], "L", [CX + w + 1, y], "L", [CX + w + 2, y + h], "L", [CX - w - 2, y + h], "Z");
  return `${pen.panel(d, { shade: false })}${pen.stitch(path("M", [CX - w + 2, y + h - 6], "L", [CX + w - 2, y + h - 6]), undefined, 1.2)}`;
}

export interface Trousers {
  style: "wide" | "straight" | "shorts" | "jogger";
  waistY: number;
  waistW: number;
  hipW: number;
  crotchY: number;
  hemY: number;
  /** Outer and inner x-offsets of the left leg's hem from the centre. */
  hemOuter: number;
  hemInner: number;
}

export function drawTrousers(pen: Pen, t: Trousers, view: "front" | "back" = "front"): string {
  const band = t.style === "jogger" ? 34 : 26;
  const hipY = t.waistY + (t.crotchY - t.waistY) * 0.75;
  const leftOuter = path(
    "M",
    [CX, t.waistY],
    "L",
    [CX - t.waistW, t.waistY],
    "Q",
    [CX - t.hipW - 2, t.waistY + 40],
    [CX - t.hipW, hipY],
    "L",
    [CX - t.hemOuter, t.hemY],
    "L",
    [CX - t.hemInner, t.hemY + 4],
    "L",
    [CX, t.crotchY],
  );
  const d = `${leftOuter} ${mirror(path("L", [CX - t.hemInner, t.hemY + 4], "L", [CX - t.hemOuter, t.hemY], "L", [CX - t.hipW, hipY], "Q", [CX - t.hipW - 2, t.waistY + 40], [CX - t.waistW, t.waistY]))} Z`;
  const parts = [pen.panel(d)];
  const legMid = (t.hemOuter + t.hemInner) / 2;
  const legTop = (t.hipW + 10) / 2;
  for (const side of [-1, 1]) {
    const from: Pt = [CX + side * legTop, t.crotchY - 40];
    const to: Pt = [CX + side * legMid, t.hemY - 4];
    if (t.style !== "shorts")
      parts.push(
        pen.line(path("M", from, "L", to), darken(pen.base, 0.25), 1.3, 0.45),
        pen.fold(from, to, t.style === "wide" ? 50 : 30, side < 0),
      );
    if (view === "front") {
      const pocket = path(
        "M",
        [CX + side * (t.waistW - 44), t.waistY + band],
        "Q",
        [CX + side * (t.waistW - 34), t.waistY + band + 56],
        [CX + side * (t.hipW - 2), t.waistY + band + 88],
      );
      parts.push(pen.line(pocket, darken(pen.base, 0.35), 1.8, 0.6));
    } else {
      const px = CX + side * (t.waistW * 0.5);
      parts.push(
        pen.stitch(
          path(
            "M",
            [px - 38, t.waistY + band + 30],
            "L",
            [px + 38, t.waistY + band + 30],
            "L",
            [px + 34, t.waistY + band + 110],
            "L",
            [px, t.waistY + band + 124],
            "L",
            [px - 34, t.waistY + band + 110],
            "Z",
          ),
          undefined,
          1.3,
        ),
      );
    }
    if (t.style === "jogger") {
      const cuff = path(
        "M",
        [CX + side * t.hemOuter, t.hemY - 40],
        "L",
        [CX + side * t.hemInner, t.hemY - 38],
        "L",
        [CX + side * t.hemInner, t.hemY + 4],
        "L",
        [CX + side * t.hemOuter, t.hemY],
        "Z",
      );
      parts.push(pen.panel(cuff, { fabric: { pattern: "rib", base: pen.base }, shade: false }));
    } else {
      parts.push(
        pen.stitch(
          path("M", [CX + side * (t.hemOuter - 3), t.hemY - 14], "L", [CX + side * (t.hemInner + 3), t.hemY - 10]),
        ),
      );
    }
  }
  if (view === "front" && t.style !== "jogger") {
    parts.push(
      pen.stitch(
        path(
          "M",
          [CX + 2, t.waistY + band],
          "L",
          [CX + 2, t.crotchY - 50],
          "Q",
          [CX + 2, t.crotchY - 26],
          [CX - 24, t.crotchY - 34],
          "L",
          [CX - 24, t.waistY + band],
        ),
        contrast(pen.base, 0.3),
        1.3,
      ),
    );
  }
  parts.push(waistband(pen, t.waistY, t.waistW, band));
  if (t.style === "jogger") {
    const cord = path(
      "M",
      [CX - 8, t.waistY + band - 6],
      "Q",
      [CX - 22, t.waistY + band + 50],
      [CX - 12, t.waistY + band + 80],
    );
    parts.push(pen.line(cord, "#f4f1ea", 4, 0.95), pen.line(mirror(cord), "#f4f1ea", 4, 0.95));
  } else {
    for (const x of [-0.75, -0.25, 0.25, 0.75]) {
      const lx = CX + x * t.waistW;
      parts.push(
        pen.solid(
          path(
            "M",
            [lx - 5, t.waistY - 3],
            "L",
            [lx + 5, t.waistY - 3],
            "L",
            [lx + 5, t.waistY + band + 5],
            "L",
            [lx - 5, t.waistY + band + 5],
            "Z",
          ),
          darken(pen.base, 0.05),
          { shade: false, edge: 1 },
        ),
      );
    }
    if (view === "front") parts.push(pen.button([CX, t.waistY + band / 2], 7));
  }
  return parts.join("");
}
