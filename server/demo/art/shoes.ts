import type { Drawing, View } from "./dresses";
import { type Pen, type Pt, path } from "./geometry";
import { darken, lighten, luminance, mix } from "./paint";

/**
 * Shoes in side view, drawn in their own space: ground at y=0, heel at x=0, toe near
 * x=520, heights negative. pair() places two on the canvas as a product shot would.
 */

export type ShoeKind = "sneaker" | "pump" | "boot" | "sandal" | "loafer";

function eyelets(pen: Pen, from: Pt, to: Pt, n: number, lace: string): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const p: Pt = [from[0] + ((to[0] - from[0]) * i) / (n - 1), from[1] + ((to[1] - from[1]) * i) / (n - 1)];
    if (i < n - 1) {
      const q: Pt = [
        from[0] + ((to[0] - from[0]) * (i + 1)) / (n - 1),
        from[1] + ((to[1] - from[1]) * (i + 1)) / (n - 1),
      ];
      out.push(
        pen.line(path("M", [p[0] - 6, p[1] - 10], "L", [q[0] + 8, q[1] - 16]), darken(lace, 0.15), 6, 1),
        pen.line(path("M", [p[0] - 6, p[1] - 10], "L", [q[0] + 8, q[1] - 16]), lace, 4, 1),
      );
    }
    out.push(
      `<circle cx="${p[0]}" cy="${p[1]}" r="5" fill="${darken(pen.base, 0.5)}" stroke="#bbb" stroke-width="1.5"/>`,
    );
  }
  return out.join("");
}

function sneaker(pen: Pen): string {
  const accent = pen.look.trim;
  const sole = "#f7f5f0";
  const upper = path(
    "M",
    [14, -34],
    "Q",
    [4, -120],
    [22, -176],
    "Q",
    [90, -150],
    [170, -176],
    "L",
    [196, -222],
    "Q",
    [226, -232],
    [250, -214],
    "L",
    [262, -178],
    "Q",
    [380, -140],
    [470, -96],
    "Q",
    [540, -70],
    [536, -34],
    "Z",
  );
  const tongue = path("M", [196, -222], "Q", [226, -232], [250, -214], "L", [262, -178], "L", [214, -172], "Z");
  const toe = path("M", [432, -34], "Q", [440, -86], [476, -94], "Q", [540, -70], [536, -34], "Z");
  const heelTab = path(
    "M",
    [14, -40],
    "Q",
    [6, -120],
    [22, -176],
    "Q",
    [60, -168],
    [70, -150],
    "Q",
    [58, -100],
    [72, -40],
    "Z",
  );
  const stripe = path(
    "M",
    [120, -50],
    "Q",
    [220, -150],
    [360, -122],
    "L",
    [374, -104],
    "Q",
    [240, -124],
    [160, -44],
    "Z",
  );
  const soleD = path(
    "M",
    [6, -40],
    "L",
    [540, -40],
    "Q",
    [556, -30],
    [546, -8],
    "Q",
    [540, 0],
    [520, 0],
    "L",
    [20, 0],
    "Q",
    [0, 0],
    [4, -18],
    "Z",
  );
  const lace = luminance(pen.base) > 0.5 ? "#ffffff" : "#f4f1ea";
  return [
    pen.panel(upper),
    pen.solid(tongue, darken(pen.base, 0.08), { shade: false }),
    pen.solid(stripe, accent, { edge: 1.2 }),
    pen.panel(toe, { shade: false }),
    pen.solid(heelTab, accent),
    pen.stitch(path("M", [30, -52], "Q", [260, -58], [520, -48]), darken(pen.base, 0.3), 1.2),
    eyelets(pen, [212, -176], [372, -128], 5, lace),
    pen.solid(soleD, sole, { shade: "body" }),
    pen.line(path("M", [8, -22], "L", [550, -22]), accent, 3, 0.7),
    pen.line(path("M", [10, -10], "L", [548, -10]), darken(sole, 0.2), 1.5, 0.6),
  ].join("");
}

function pump(pen: Pen): string {
  const lining = mix(pen.base, "#c9a27e", 0.6);
  const body = path(
    "M",
    [24, -214],
    "Q",
    [14, -180],
    [34, -156],
    "Q",
    [130, -128],
    [220, -70],
    "Q",
    [280, -30],
    [330, -4],
    "L",
    [470, -2],
    "Q",
    [514, 0],
    [508, -18],
    "Q",
    [490, -62],
    [400, -90],
    "Q",
    [350, -100],
    [304, -94],
    "Q",
    [160, -150],
    [24, -214],
    "Z",
  );
  const opening = path("M", [30, -204], "Q", [160, -142], [304, -94], "Q", [190, -122], [42, -178], "Z");
  const heel = path(
    "M",
    [30, -158],
    "L",
    [92, -140],
    "Q",
    [64, -80],
    [62, -6],
    "L",
    [48, -6],
    "Q",
    [44, -80],
    [30, -158],
    "Z",
  );
  const tip = path("M", [46, -8], "L", [64, -8], "L", [64, 0], "L", [46, 0], "Z");
  const sole = path(
    "M",
    [330, -4],
    "L",
    [470, -2],
    "Q",
    [514, 0],
    [508, -18],
    "L",
    [480, -8],
    "Q",
    [400, -10],
    [330, -8],
    "Z",
  );
  return [
    pen.panel(heel, { shade: "sheen" }),
    pen.solid(tip, "#1a1a1a", { shade: false }),
    pen.panel(body),
    `<path d="${opening}" fill="${lining}"/>`,
    pen.solid(sole, pen.look.trim, { shade: false }),
    pen.line(path("M", [300, -84], "Q", [420, -86], [490, -30]), lighten(pen.base, 0.5), 4, 0.35),
  ].join("");
}

function boot(pen: Pen): string {
  const body = path(
    "M",
    [20, -340],
    "L",
    [190, -346],
    "Q",
    [196, -250],
    [230, -180],
    "Q",
    [340, -130],
    [470, -100],
    "Q",
    [530, -84],
    [534, -44],
    "L",
    [534, -30],
    "L",
    [10, -30],
    "Q",
    [2, -120],
    [20, -340],
    "Z",
  );
  const gusset = path(
    "M",
    [140, -342],
    "L",
    [190, -346],
    "Q",
    [194, -270],
    [214, -210],
    "Q",
    [180, -230],
    [150, -300],
    "Z",
  );
  const tab = path("M", [18, -336], "Q", [6, -378], [30, -386], "Q", [50, -380], [52, -340], "Z");
  const heel = path("M", [8, -32], "L", [110, -32], "L", [104, 0], "L", [12, 0], "Z");
  const sole = path(
    "M",
    [100, -32],
    "L",
    [534, -32],
    "Q",
    [544, -20],
    [530, -12],
    "L",
    [260, -10],
    "Q",
    [180, -14],
    [110, -30],
    "Z",
  );
  const ribbed = { pattern: "rib" as const, base: darken(pen.base, 0.35) };
  return [
    pen.panel(tab, { shade: false }),
    pen.panel(body),
    pen.panel(gusset, { fabric: ribbed, shade: false }),
    pen.solid(heel, pen.look.trim),
    pen.solid(sole, pen.look.trim),
    pen.stitch(path("M", [16, -44], "L", [528, -46]), lighten(pen.base, 0.3), 1.2),
    pen.line(path("M", [240, -190], "Q", [330, -150], [470, -120]), lighten(pen.base, 0.35), 3, 0.35),
  ].join("");
}

function sandal(pen: Pen): string {
  const sole = pen.look.trim;
  const base = path(
    "M",
    [8, -44],
    "L",
    [110, -40],
    "Q",
    [300, -26],
    [530, -22],
    "Q",
    [550, -18],
    [544, -6],
    "Q",
    [540, 0],
    [520, 0],
    "L",
    [16, 0],
    "Q",
    [4, 0],
    [6, -12],
    "Z",
  );
  const bed = path(
    "M",
    [10, -44],
    "L",
    [110, -40],
    "Q",
    [300, -26],
    [530, -22],
    "L",
    [530, -30],
    "Q",
    [300, -34],
    [110, -48],
    "L",
    [12, -52],
    "Z",
  );
  const strap = (d: string, w = 16) =>
    `<path d="${d}" fill="none" stroke="${darken(pen.base, 0.35)}" stroke-width="${w + 4}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${pen.base}" stroke-width="${w}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${lighten(pen.base, 0.4)}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.55" transform="translate(0 -4)"/>`;
  const ring = path(
    "M",
    [60, -150],
    "Q",
    [110, -172],
    [170, -154],
    "Q",
    [150, -134],
    [90, -138],
    "Q",
    [62, -140],
    [60, -150],
    "Z",
  );
  return [
    strap(path("M", [38, -46], "Q", [30, -110], [66, -148])),
    `<path d="${ring}" fill="none" stroke="${darken(pen.base, 0.35)}" stroke-width="18"/><path d="${ring}" fill="none" stroke="${pen.base}" stroke-width="14"/>`,
    strap(path("M", [168, -152], "Q", [190, -90], [200, -40])),
    pen.solid(base, sole, { shade: "body" }),
    `<path d="${bed}" fill="${lighten(sole, 0.35)}"/>`,
    strap(path("M", [250, -36], "Q", [320, -118], [400, -34])),
    strap(path("M", [360, -30], "Q", [420, -92], [470, -26])),
    strap(path("M", [300, -34], "Q", [350, -70], [440, -80], "Q", [480, -80], [480, -26]), 12),
    pen.metal([168, -150], 10, "#c9a75d"),
  ].join("");
}

function loafer(pen: Pen): string {
  const body = path(
    "M",
    [16, -40],
    "Q",
    [2, -110],
    [30, -150],
    "Q",
    [120, -130],
    [220, -126],
    "Q",
    [300, -130],
    [400, -110],
    "Q",
    [520, -90],
    [536, -48],
    "L",
    [536, -30],
    "L",
    [16, -30],
    "Z",
  );
  const opening = path(
    "M",
    [34, -146],
    "Q",
    [120, -122],
    [220, -124],
    "Q",
    [200, -110],
    [120, -112],
    "Q",
    [60, -120],
    [34, -146],
    "Z",
  );
  const apron = path("M", [220, -126], "Q", [330, -150], [430, -104], "Q", [340, -86], [230, -100], "Z");
  const strap = path("M", [220, -118], "L", [330, -128], "L", [332, -104], "L", [226, -96], "Z");
  const sole = path(
    "M",
    [8, -32],
    "L",
    [540, -32],
    "Q",
    [548, -16],
    [536, -8],
    "L",
    [110, -10],
    "L",
    [100, 0],
    "L",
    [14, 0],
    "Z",
  );
  return [
    pen.panel(body),
    `<path d="${opening}" fill="${darken(pen.base, 0.45)}"/>`,
    pen.panel(apron, { shade: false }),
    pen.stitch(path("M", [232, -104], "Q", [340, -92], [420, -108]), lighten(pen.base, 0.4), 1.2),
    pen.panel(strap, { shade: false }),
    pen.metal([276, -114], 8, "#c9a75d"),
    pen.solid(sole, pen.look.trim),
  ].join("");
}

const drawers: Record<ShoeKind, (pen: Pen) => string> = { sneaker, pump, boot, sandal, loafer };

/** Two shoes of a pair: the far one raised and smaller, both facing the same way. */
export function pair(kind: ShoeKind) {
  return (pen: Pen, view: View): Drawing => {
    const shoe = drawers[kind](pen);
    const flip = view === "back";
    const place = (x: number, y: number, s: number) =>
      flip
        ? `<g transform="translate(${800 - x} ${y}) scale(${-s} ${s})">${shoe}</g>`
        : `<g transform="translate(${x} ${y}) scale(${s})">${shoe}</g>`;
    return { svg: place(190, 600, 0.9) + place(110, 740, 1), focus: flip ? [420, 640] : [380, 650] };
  };
}

/** One shoe, turned the other way: the close-up of a pair. */
export function singleShoe(kind: ShoeKind) {
  return (pen: Pen): Drawing => ({
    svg: `<g transform="translate(680 700) scale(-1 1)">${drawers[kind](pen)}</g>`,
    focus: [400, 600],
  });
}
