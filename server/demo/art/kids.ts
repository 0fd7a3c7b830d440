import { drawSkirt, drawTrousers } from "./bottoms";
import type { Drawing, View } from "./dresses";
import { CX, mirror, type Pen, type Pt, path } from "./geometry";
import { contrast, darken, lighten } from "./paint";
import { hemStitch, neckBinding, neckInside, sleeves, type Torso, torsoPath } from "./tops";

/** Children's clothes: boxier, shorter shapes with a playful appliqué. */

const kidTorso = (over: Partial<Torso> = {}): Torso => ({
  top: 210,
  neckW: 58,
  neck: "round",
  neckDepth: 40,
  shoulderW: 150,
  chestW: 148,
  armY: 350,
  waistW: 150,
  waistY: 520,
  hemW: 152,
  hemY: 700,
  hemCurve: 6,
  ...over,
});

/** A small star, heart or rainbow patch sewn on the chest. */
export function applique(pen: Pen, kind: "star" | "heart" | "rainbow", c: Pt, size = 44): string {
  const color = pen.look.trim;
  const [x, y] = c;
  const s = size / 44;
  let d: string;
  if (kind === "heart") {
    d = path(
      "M",
      [x, y + 20 * s],
      "C",
      [x - 40 * s, y - 8 * s],
      [x - 18 * s, y - 34 * s],
      [x, y - 14 * s],
      "C",
      [x + 18 * s, y - 34 * s],
      [x + 40 * s, y - 8 * s],
      [x, y + 20 * s],
      "Z",
    );
  } else if (kind === "star") {
    const pts: Pt[] = Array.from({ length: 10 }, (_, i) => {
      const r = (i % 2 === 0 ? 26 : 11) * s;
      const a = (Math.PI / 5) * i - Math.PI / 2;
      return [x + Math.cos(a) * r, y + Math.sin(a) * r];
    });
    d = `${path("M", pts[0], ...pts.slice(1).flatMap((p) => ["L", p] as const))} Z`;
  } else {
    const arcs = ["#e86f5a", "#f2b84b", "#7fb38a", "#6a9fd4"]
      .map((col, i) => {
        const r = (30 - i * 6) * s;
        return `<path d="${path("M", [x - r, y + 10 * s], "Q", [x - r, y + 10 * s - r * 1.3], [x, y + 10 * s - r * 1.3], "Q", [x + r, y + 10 * s - r * 1.3], [x + r, y + 10 * s])}" fill="none" stroke="${col}" stroke-width="${5 * s}" stroke-linecap="round"/>`;
      })
      .join("");
    return arcs;
  }
  return `${pen.solid(d, color, { edge: 1.2 })}${pen.stitch(d, darken(color, 0.3), 1)}`;
}

export function kidsTee(pen: Pen, view: View): Drawing {
  const t = kidTorso();
  const parts = [
    sleeves(pen, t, { kind: "short", angle: 56, length: 110 }),
    view === "front" ? neckInside(pen, t) : "",
    pen.panel(torsoPath(t, view)),
    neckBinding(pen, t, view, 9),
    hemStitch(pen, t),
  ];
  if (view === "front") parts.push(applique(pen, "star", [CX + 60, 420], 58));
  return { svg: parts.join(""), focus: [CX + 40, 400] };
}

export function dungarees(pen: Pen, view: View): Drawing {
  const trousers = {
    style: "straight" as const,
    waistY: 470,
    waistW: 120,
    hipW: 132,
    crotchY: 650,
    hemY: 900,
    hemOuter: 150,
    hemInner: 22,
  };
  const bib = path(
    "M",
    [CX - 92, 300],
    "Q",
    [CX - 96, 292],
    [CX - 86, 290],
    "L",
    [CX + 86, 290],
    "Q",
    [CX + 96, 292],
    [CX + 92, 300],
    "L",
    [CX + 100, 480],
    "L",
    [CX - 100, 480],
    "Z",
  );
  const strap = path(
    "M",
    [CX - 88, 300],
    "L",
    [CX - 132, 130],
    "Q",
    [CX - 134, 112],
    [CX - 116, 110],
    "L",
    [CX - 96, 112],
    "Q",
    [CX - 84, 118],
    [CX - 82, 132],
    "L",
    [CX - 58, 300],
    "Z",
  );
  const parts = [pen.panel(strap), pen.panel(mirror(strap)), drawTrousers(pen, trousers, view), pen.panel(bib)];
  parts.push(
    pen.stitch(
      path(
        "M",
        [CX - 84, 302],
        "L",
        [CX - 90, 470],
        "M",
        [CX + 84, 302],
        "L",
        [CX + 90, 470],
        "M",
        [CX - 80, 302],
        "L",
        [CX + 80, 302],
      ),
      "#d08a3c",
    ),
  );
  if (view === "front") {
    const pocket = path(
      "M",
      [CX - 50, 340],
      "L",
      [CX + 50, 340],
      "L",
      [CX + 46, 420],
      "Q",
      [CX, 432],
      [CX - 46, 420],
      "Z",
    );
    parts.push(
      pen.panel(pocket, { shade: false }),
      pen.stitch(path("M", [CX - 44, 350], "L", [CX + 44, 350]), "#d08a3c"),
      applique(pen, "heart", [CX, 390], 30),
    );
  }
  parts.push(pen.metal([CX - 76, 306], 10, "#c9a75d"), pen.metal([CX + 76, 306], 10, "#c9a75d"));
  for (const side of [-1, 1]) {
    const roll = path(
      "M",
      [CX + side * 150, 862],
      "L",
      [CX + side * 22, 866],
      "L",
      [CX + side * 22, 906],
      "L",
      [CX + side * 152, 902],
      "Z",
    );
    parts.push(pen.panel(roll, { fabric: { pattern: "solid", base: lighten(pen.base, 0.18) }, shade: false }));
  }
  return { svg: parts.join(""), focus: [CX, 380] };
}

export function kidsDress(pen: Pen, view: View): Drawing {
  const t = kidTorso({
    top: 170,
    shoulderW: 120,
    chestW: 116,
    armY: 300,
    waistW: 112,
    waistY: 420,
    hemW: 112,
    hemY: 428,
    neckW: 54,
  });
  const skirt = { style: "a-line" as const, waistY: 420, waistW: 112, hemY: 820, hemW: 270 };
  const parts = [
    sleeves(pen, t, { kind: "puff", angle: 58, length: 90 }),
    drawSkirt(pen, skirt, view),
    view === "front" ? neckInside(pen, t) : "",
    pen.panel(torsoPath(t, view)),
  ];
  const white = pen.look.trim;
  const lobe = path(
    "M",
    [CX - 2, t.top + 40],
    "Q",
    [CX - 20, t.top + 78],
    [CX - 54, t.top + 64],
    "Q",
    [CX - 80, t.top + 40],
    [CX - t.neckW - 4, t.top - 4],
    "Q",
    [CX - 30, t.top + 12],
    [CX - 2, t.top + 40],
    "Z",
  );
  parts.push(pen.solid(lobe, white, { edge: 1.2 }), pen.solid(mirror(lobe), white, { edge: 1.2 }));
  const sash = path("M", [CX - 114, 404], "L", [CX + 114, 404], "L", [CX + 114, 436], "L", [CX - 114, 436], "Z");
  parts.push(pen.solid(sash, contrast(pen.look.trim, 0.05)));
  if (view === "back") {
    const loop = path("M", [CX, 420], "Q", [CX - 70, 370], [CX - 80, 420], "Q", [CX - 70, 470], [CX, 420], "Z");
    const tail = path("M", [CX - 4, 424], "L", [CX - 40, 540], "L", [CX - 20, 546], "L", [CX + 4, 428], "Z");
    parts.push(
      pen.solid(tail, white),
      pen.solid(mirror(tail), white),
      pen.solid(loop, white),
      pen.solid(mirror(loop), white),
      `<circle cx="${CX}" cy="420" r="12" fill="${white}" stroke="${darken(white, 0.25)}"/>`,
    );
  } else {
    for (const y of [250, 320]) parts.push(pen.button([CX, y], 7, white));
  }
  return { svg: parts.join(""), focus: [CX - 40, 240] };
}

export function kidsHoodie(pen: Pen, view: View): Drawing {
  const t = kidTorso({ top: 230, neckW: 62, hemY: 690, neck: "v", neckDepth: 50 });
  const hood = path(
    "M",
    [CX - 66, t.top + 6],
    "Q",
    [CX - 120, 140],
    [CX - 40, 110],
    "Q",
    [CX, 98],
    [CX + 40, 110],
    "Q",
    [CX + 120, 140],
    [CX + 66, t.top + 6],
    "Z",
  );
  const parts = [sleeves(pen, t, { kind: "long", angle: 26, length: 330, cuff: true }), pen.panel(hood)];
  if (view === "front")
    parts.push(
      `<path d="${path("M", [CX - 52, t.top + 4], "Q", [CX - 80, 170], [CX - 30, 140], "Q", [CX, 132], [CX + 30, 140], "Q", [CX + 80, 170], [CX + 52, t.top + 4], "Z")}" fill="${darken(pen.base, 0.3)}"/>`,
    );
  parts.push(pen.panel(torsoPath(t, view)));
  const rib = { pattern: "rib" as const, base: pen.base };
  parts.push(
    pen.panel(path("M", [CX - 152, 650], "L", [CX + 152, 650], "L", [CX + 152, 694], "L", [CX - 152, 694], "Z"), {
      fabric: rib,
      shade: false,
    }),
  );
  if (view === "front") {
    const pocket = path(
      "M",
      [CX - 110, 520],
      "L",
      [CX - 70, 470],
      "L",
      [CX + 70, 470],
      "L",
      [CX + 110, 520],
      "L",
      [CX + 110, 640],
      "L",
      [CX - 110, 640],
      "Z",
    );
    parts.push(
      pen.panel(pocket, { shade: false }),
      pen.stitch(path("M", [CX - 100, 524], "L", [CX - 64, 480], "L", [CX + 64, 480], "L", [CX + 100, 524])),
    );
    const cord = path("M", [CX - 24, t.top + 30], "Q", [CX - 34, t.top + 90], [CX - 26, t.top + 140]);
    parts.push(
      pen.line(cord, pen.look.trim, 5, 1),
      pen.line(mirror(cord), pen.look.trim, 5, 1),
      applique(pen, "rainbow", [CX, 380], 50),
    );
  }
  return { svg: parts.join(""), focus: [CX, 300] };
}
