import { collar, type Drawing, type View } from "./dresses";
import { CX, mirror, type Pen, type Pt, path } from "./geometry";
import { darken } from "./paint";
import { chestPocket, hemStitch, onSleeve, type SleeveShape, sleeves, type Torso, torsoPath } from "./tops";

/** Outerwear: denim, biker, blazer, puffer, trench and bomber. */

const coat = (over: Partial<Torso> = {}): Torso => ({
  top: 130,
  neckW: 50,
  neck: "round",
  neckDepth: 30,
  shoulderW: 140,
  chestW: 132,
  armY: 320,
  waistW: 128,
  waistY: 520,
  hemW: 134,
  hemY: 660,
  hemCurve: 4,
  ...over,
});

function frontEdge(pen: Pen, from: number, to: number, x = CX): string {
  return pen.line(path("M", [x, from], "L", [x, to]), darken(pen.base, 0.5), 2, 0.7);
}

/** Notched lapels over a V opening that shows the lining. */
function lapels(pen: Pen, t: Torso, depth: number, lining: string, notch = true): string {
  const inside = path("M", [CX - t.neckW, t.top], "L", [CX, t.top + depth], "L", [CX + t.neckW, t.top], "Z");
  const lapel = notch
    ? path(
        "M",
        [CX - t.neckW + 2, t.top - 2],
        "L",
        [CX - t.neckW - 26, t.top + 70],
        "L",
        [CX - t.neckW - 44, t.top + 64],
        "L",
        [CX - t.neckW - 30, t.top + 110],
        "L",
        [CX - 4, t.top + depth + 4],
        "L",
        [CX - 18, t.top + depth * 0.5],
        "Z",
      )
    : path(
        "M",
        [CX - t.neckW + 2, t.top - 2],
        "Q",
        [CX - t.neckW - 70, t.top + 90],
        [CX - 4, t.top + depth + 4],
        "L",
        [CX - 18, t.top + depth * 0.5],
        "Z",
      );
  const stand = path(
    "M",
    [CX - t.neckW, t.top + 2],
    "Q",
    [CX, t.top - 22],
    [CX + t.neckW, t.top + 2],
    "L",
    [CX + t.neckW - 6, t.top + 14],
    "Q",
    [CX, t.top - 6],
    [CX - t.neckW + 6, t.top + 14],
    "Z",
  );
  const edge = (d: string) => pen.line(d, darken(pen.base, 0.6), 2.6, 0.75);
  const roll = (d: string) => `<path d="${d}" fill="#000" fill-opacity="0.12" transform="translate(4 6)"/>`;
  return `<path d="${inside}" fill="${lining}"/>${pen.panel(stand, { shade: false })}${roll(lapel)}${roll(mirror(lapel))}${pen.panel(lapel)}${edge(lapel)}${pen.panel(mirror(lapel))}${edge(mirror(lapel))}`;
}

function flapPocket(pen: Pen, c: Pt, w = 76): string {
  const d = path(
    "M",
    [c[0] - w / 2, c[1]],
    "L",
    [c[0] + w / 2, c[1] - 3],
    "L",
    [c[0] + w / 2 + 2, c[1] + 24],
    "L",
    [c[0] - w / 2 + 2, c[1] + 27],
    "Z",
  );
  return (
    pen.panel(d, { shade: false, edge: 1.4 }) +
    pen.line(
      path("M", [c[0] - w / 2 + 2, c[1] + 27], "L", [c[0] + w / 2 + 2, c[1] + 24]),
      darken(pen.base, 0.6),
      2.4,
      0.7,
    )
  );
}

export function denimJacket(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 600, waistY: 520, waistW: 126, hemW: 126 });
  const thread = "#d08a3c";
  const parts = [sleeves(pen, t, { kind: "long", angle: 20, cuff: true, length: 400 }), pen.panel(torsoPath(t, view))];
  parts.push(pen.stitch(path("M", [CX - 126, 250], "Q", [CX, 230], [CX + 126, 250]), thread));
  const band = path("M", [CX - 127, 550], "L", [CX + 127, 550], "L", [CX + 127, 604], "L", [CX - 127, 604], "Z");
  parts.push(pen.panel(band, { shade: false }), pen.stitch(path("M", [CX - 124, 558], "L", [CX + 124, 558]), thread));
  if (view === "front") {
    parts.push(
      frontEdge(pen, t.top + 20, 604),
      pen.stitch(path("M", [CX - 12, t.top + 30], "L", [CX - 12, 550]), thread),
    );
    for (const side of [-1, 1]) {
      const px = CX + side * 70 - 32;
      parts.push(chestPocket(pen, [px, 270], 64, 72), pen.button([px + 32, 296], 6, "#a7865a"));
      parts.push(pen.stitch(path("M", [CX + side * 70, 330], "L", [CX + side * 64, 550]), thread));
    }
    for (let i = 0; i < 5; i++) parts.push(pen.metal([CX, t.top + 70 + i * 100], 7, "#b08d57"));
  } else {
    parts.push(
      pen.stitch(path("M", [CX - 60, 250], "L", [CX - 70, 550]), thread),
      pen.stitch(path("M", [CX + 60, 250], "L", [CX + 70, 550]), thread),
    );
  }
  parts.push(collar(pen, t.top, t.neckW));
  return { svg: parts.join(""), focus: [CX - 70, 300] };
}

export function bikerJacket(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 590, waistW: 122, hemW: 124, waistY: 500 });
  const silver = "#c9c9c9";
  const parts = [
    sleeves(pen, t, { kind: "long", angle: 20, cuff: true, length: 400 }, (sp) =>
      pen.zip(onSleeve(sp, 0.9, 0.55), onSleeve(sp, 0.72, 0.55), silver),
    ),
    pen.panel(torsoPath(t, view)),
  ];
  if (view === "front") {
    parts.push(
      `<path d="${path("M", [CX - t.neckW, t.top], "L", [CX + 40, t.top + 120], "L", [CX + t.neckW, t.top], "Z")}" fill="${darken(pen.base, 0.4)}"/>`,
    );
    const lapel = path(
      "M",
      [CX - t.neckW, t.top - 2],
      "L",
      [CX - 130, t.top + 80],
      "L",
      [CX - 60, t.top + 190],
      "L",
      [CX + 40, t.top + 120],
      "Z",
    );
    const right = path(
      "M",
      [CX + t.neckW, t.top - 2],
      "L",
      [CX + 118, t.top + 60],
      "L",
      [CX + 70, t.top + 110],
      "L",
      [CX + 40, t.top + 120],
      "Z",
    );
    parts.push(pen.panel(right), pen.panel(lapel), pen.zip([CX + 40, t.top + 124], [CX + 56, 586], silver));
    parts.push(pen.metal([CX - 112, t.top + 88], 5, silver), pen.metal([CX + 100, t.top + 66], 5, silver));
    parts.push(pen.zip([CX - 100, 330], [CX - 60, 440], silver), pen.zip([CX + 64, 340], [CX + 96, 420], silver));
  }
  const belt = path("M", [CX - 125, 548], "L", [CX + 125, 548], "L", [CX + 125, 588], "L", [CX - 125, 588], "Z");
  parts.push(
    pen.panel(belt, { shade: false }),
    `<rect x="${CX - 138}" y="544" width="30" height="48" rx="4" fill="none" stroke="${silver}" stroke-width="5"/>`,
  );
  return { svg: parts.join(""), focus: [CX - 90, 260] };
}

export function blazer(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 700, waistW: 118, waistY: 460, hemW: 132 });
  const parts = [sleeves(pen, t, { kind: "long", angle: 16, cuff: false, length: 450 }), pen.panel(torsoPath(t, view))];
  if (view === "front") {
    parts.push(lapels(pen, t, 290, darken(pen.base, 0.45)), frontEdge(pen, t.top + 300, 702, CX + 6));
    parts.push(pen.button([CX - 4, 470], 9), pen.button([CX - 4, 560], 9));
    parts.push(
      flapPocket(pen, [CX - 78, 560]),
      flapPocket(pen, [CX + 78, 560]),
      pen.line(path("M", [CX - 104, 320], "L", [CX - 56, 318]), undefined, 2, 0.6),
    );
  } else {
    parts.push(
      pen.line(path("M", [CX, 170], "L", [CX, 700]), undefined, 1.6, 0.5),
      pen.line(path("M", [CX, 600], "L", [CX, 702]), darken(pen.base, 0.5), 2.2, 0.7),
    );
  }
  return { svg: parts.join(""), focus: [CX - 60, 300] };
}

export function puffer(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 640, shoulderW: 150, chestW: 146, waistW: 150, hemW: 148, armY: 330 });
  const rows = 6;
  const step = (t.hemY - t.top - 20) / rows;
  const seam = darken(pen.base, 0.45);
  const quilt = (sp: SleeveShape) =>
    [0.2, 0.4, 0.6, 0.8]
      .map((f) =>
        pen.line(path("M", onSleeve(sp, f, 0), "Q", onSleeve(sp, f + 0.02, 0.5), onSleeve(sp, f, 1)), seam, 2.2, 0.5),
      )
      .join("") +
    [0.1, 0.3, 0.5, 0.7].map((f) => pen.fold(onSleeve(sp, f, 0.2), onSleeve(sp, f, 0.85), 34, false)).join("");
  const parts = [sleeves(pen, t, { kind: "long", angle: 22, cuff: true, length: 390 }, quilt)];
  // Each channel bulges past the side seams, which gives the jacket its scalloped outline.
  for (let i = 0; i < rows; i++) {
    const y = t.top + 20 + (i + 0.5) * step;
    if (y < t.armY) continue;
    for (const side of [-1, 1])
      parts.push(
        `<ellipse cx="${CX + side * 146}" cy="${y}" rx="12" ry="${step / 2}" fill="${pen.base}" stroke="${seam}" stroke-opacity="0.5"/>`,
      );
  }
  parts.push(pen.panel(torsoPath(t, view), { shade: "sheen" }));
  for (let i = 0; i < rows; i++) {
    const y = t.top + 20 + i * step;
    if (i > 0) parts.push(pen.line(path("M", [CX - 148, y], "Q", [CX, y + 8], [CX + 148, y]), seam, 2.4, 0.55));
    parts.push(pen.fold([CX - 130, y + step * 0.42], [CX + 130, y + step * 0.42], step * 0.55, false));
  }
  const stand = path(
    "M",
    [CX - 56, t.top + 10],
    "L",
    [CX - 54, t.top - 44],
    "Q",
    [CX, t.top - 56],
    [CX + 54, t.top - 44],
    "L",
    [CX + 56, t.top + 10],
    "Q",
    [CX, t.top + 48],
    [CX - 56, t.top + 10],
    "Z",
  );
  parts.push(pen.panel(stand, { shade: "sheen" }));
  if (view === "front") parts.push(pen.zip([CX, t.top - 40], [CX, t.hemY], "#d8d8d8"));
  return { svg: parts.join(""), focus: [CX + 20, 260] };
}

export function trench(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 930, waistW: 120, waistY: 460, hemW: 168, top: 110 });
  const parts = [sleeves(pen, t, { kind: "long", angle: 14, cuff: false, length: 470 }), pen.panel(torsoPath(t, view))];
  for (const x of [-70, 70]) parts.push(pen.fold([CX + x, 520], [CX + x * 1.6, 920], 40, x < 0));
  if (view === "front") {
    parts.push(lapels(pen, t, 200, "#b59c7f"), frontEdge(pen, t.top + 210, 932, CX + 40));
    for (const y of [380, 470, 620]) for (const x of [-30, 80]) parts.push(pen.button([CX + x, y], 9));
    parts.push(
      pen.line(path("M", [CX - 140, 600], "L", [CX - 100, 700]), undefined, 2, 0.6),
      pen.line(path("M", [CX + 140, 600], "L", [CX + 100, 700]), undefined, 2, 0.6),
    );
  } else {
    parts.push(
      pen.panel(
        path(
          "M",
          [CX - 140, 170],
          "Q",
          [CX, 150],
          [CX + 140, 170],
          "L",
          [CX + 130, 330],
          "Q",
          [CX, 350],
          [CX - 130, 330],
          "Z",
        ),
      ),
      pen.line(path("M", [CX, 700], "L", [CX, 932]), undefined, 2, 0.7),
    );
  }
  const belt = path("M", [CX - 124, 444], "L", [CX + 124, 444], "L", [CX + 124, 476], "L", [CX - 124, 476], "Z");
  parts.push(
    pen.panel(belt, { shade: false }),
    `<rect x="${CX - 54}" y="438" width="36" height="44" rx="4" fill="none" stroke="${darken(pen.base, 0.45)}" stroke-width="5"/>`,
  );
  for (const side of [-1, 1]) {
    const ep = path(
      "M",
      [CX + side * 60, t.top + 6],
      "L",
      [CX + side * 132, t.top + 20],
      "L",
      [CX + side * 132, t.top + 42],
      "L",
      [CX + side * 62, t.top + 28],
      "Z",
    );
    parts.push(pen.panel(ep, { shade: false }), pen.button([CX + side * 72, t.top + 18], 6));
  }
  return { svg: parts.join(""), focus: [CX - 40, 450] };
}

export function bomber(pen: Pen, view: View): Drawing {
  const t = coat({ hemY: 600, waistW: 130, hemW: 122, waistY: 520 });
  const rib = { pattern: "rib" as const, base: pen.look.trim };
  const parts = [sleeves(pen, t, { kind: "long", angle: 20, cuff: true, length: 400 })];
  const cuff = (d: string) => pen.panel(d, { fabric: rib, shade: false });
  parts.push(pen.panel(torsoPath(t, view), { shade: "sheen" }));
  parts.push(cuff(path("M", [CX - 124, 556], "L", [CX + 124, 556], "L", [CX + 122, 604], "L", [CX - 122, 604], "Z")));
  parts.push(
    `<path d="${path("M", [CX - 44, t.top - 14], "Q", [CX, t.top - 4], [CX + 44, t.top - 14], "C", [CX + 42, t.top + 26], [CX - 42, t.top + 26], [CX - 44, t.top - 14], "Z")}" fill="${darken(pen.base, 0.4)}"/>`,
  );
  parts.push(
    cuff(
      path(
        "M",
        [CX - 58, t.top - 6],
        "C",
        [CX - 56, t.top + 48],
        [CX + 56, t.top + 48],
        [CX + 58, t.top - 6],
        "L",
        [CX + 44, t.top - 14],
        "C",
        [CX + 42, t.top + 26],
        [CX - 42, t.top + 26],
        [CX - 44, t.top - 14],
        "Z",
      ),
    ),
  );
  if (view === "front") {
    parts.push(pen.zip([CX, t.top + 20], [CX, 604], "#c7c0b5"));
    parts.push(
      pen.line(path("M", [CX - 100, 430], "L", [CX - 70, 520]), darken(pen.base, 0.5), 2.4, 0.7),
      pen.line(path("M", [CX + 100, 430], "L", [CX + 70, 520]), darken(pen.base, 0.5), 2.4, 0.7),
    );
  }
  parts.push(hemStitch(pen, { ...t, hemY: 556 }, 4));
  return { svg: parts.join(""), focus: [CX - 20, 560] };
}
