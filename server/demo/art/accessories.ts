import type { Drawing, View } from "./dresses";
import { CX, mirror, type Pen, type Pt, path } from "./geometry";
import { darken, lighten } from "./paint";

/** Bags, hats, scarves, belts and sunglasses. */

const GOLD = "#c9a75d";

export function handbag(pen: Pen, view: View): Drawing {
  const body = path(
    "M",
    [220, 430],
    "L",
    [580, 430],
    "Q",
    [600, 430],
    [604, 450],
    "L",
    [630, 740],
    "Q",
    [632, 770],
    [600, 770],
    "L",
    [200, 770],
    "Q",
    [168, 770],
    [170, 740],
    "L",
    [196, 450],
    "Q",
    [200, 430],
    [220, 430],
    "Z",
  );
  const handle = path("M", [300, 432], "Q", [300, 250], [400, 250], "Q", [500, 250], [500, 432]);
  const parts = [
    `<path d="${handle}" fill="none" stroke="${darken(pen.base, 0.3)}" stroke-width="26" stroke-linecap="round"/><path d="${handle}" fill="none" stroke="${pen.base}" stroke-width="21" stroke-linecap="round"/>`,
    pen.line(handle, lighten(pen.base, 0.35), 3, 0.6),
  ];
  parts.push(
    pen.metal([300, 440], 12, GOLD),
    pen.metal([500, 440], 12, GOLD),
    pen.panel(body, { shade: "sheen" }),
    pen.stitch(
      path("M", [212, 446], "L", [588, 446], "L", [614, 752], "L", [186, 752], "Z"),
      lighten(pen.base, 0.35),
      1.3,
    ),
  );
  if (view === "front") {
    const flap = path("M", [200, 432], "L", [600, 432], "L", [596, 560], "Q", [400, 640], [204, 560], "Z");
    parts.push(
      pen.panel(flap, { shade: "sheen" }),
      pen.stitch(
        path("M", [214, 446], "L", [586, 446], "L", [582, 552], "Q", [400, 622], [218, 552], "Z"),
        lighten(pen.base, 0.35),
        1.3,
      ),
    );
    parts.push(
      `<rect x="372" y="570" width="56" height="40" rx="8" fill="${GOLD}" stroke="${darken(GOLD, 0.35)}" stroke-width="1.5"/><rect x="386" y="580" width="28" height="20" rx="5" fill="none" stroke="${darken(GOLD, 0.25)}" stroke-width="3"/>`,
    );
  } else {
    parts.push(
      pen.line(path("M", [230, 620], "L", [570, 620]), darken(pen.base, 0.45), 2.4, 0.7),
      pen.solid(path("M", [240, 610], "L", [560, 610], "L", [560, 620], "L", [240, 620], "Z"), darken(pen.base, 0.2), {
        shade: false,
      }),
    );
  }
  return { svg: parts.join(""), focus: [400, 560] };
}

export function tote(pen: Pen, view: View): Drawing {
  const leather = pen.look.trim;
  const body = path("M", [170, 380], "L", [630, 380], "L", [600, 820], "L", [200, 820], "Z");
  const back = path("M", [176, 380], "L", [624, 380], "L", [618, 410], "L", [182, 410], "Z");
  const loop = (x1: number, x2: number, lift: number) =>
    path("M", [x1, 384], "Q", [x1 - 10, lift], [(x1 + x2) / 2, lift], "Q", [x2 + 10, lift], [x2, 384]);
  const handle = (d: string) =>
    `<path d="${d}" fill="none" stroke="${darken(leather, 0.3)}" stroke-width="20" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${leather}" stroke-width="16" stroke-linecap="round"/>`;
  const parts = [handle(loop(250, 550, 150)), `<path d="${back}" fill="${darken(pen.base, 0.35)}"/>`, pen.panel(body)];
  parts.push(
    pen.solid(path("M", [198, 770], "L", [602, 770], "L", [600, 820], "L", [200, 820], "Z"), leather, { shade: false }),
  );
  parts.push(handle(loop(280, 520, 200)));
  for (const x of [280, 520])
    parts.push(
      pen.solid(path("M", [x - 18, 380], "L", [x + 18, 380], "L", [x + 18, 450], "L", [x - 18, 450], "Z"), leather, {
        shade: false,
      }),
      pen.metal([x, 428], 6, GOLD),
    );
  parts.push(pen.stitch(path("M", [178, 398], "L", [622, 398])));
  if (view === "front") parts.push(pen.fold([330, 420], [300, 760], 40), pen.fold([470, 420], [500, 760], 40, false));
  return { svg: parts.join(""), focus: [300, 440] };
}

export function strawHat(pen: Pen, view: View): Drawing {
  const ribbon = pen.look.trim;
  const brimBack = path("M", [110, 560], "Q", [110, 430], [400, 430], "Q", [690, 430], [690, 560], "Z");
  const brimFront = path(
    "M",
    [100, 560],
    "Q",
    [100, 690],
    [400, 690],
    "Q",
    [700, 690],
    [700, 560],
    "Q",
    [700, 500],
    [620, 480],
    "Q",
    [400, 600],
    [180, 480],
    "Q",
    [100, 500],
    [100, 560],
    "Z",
  );
  const crown = path(
    "M",
    [250, 540],
    "Q",
    [236, 380],
    [290, 330],
    "Q",
    [400, 270],
    [510, 330],
    "Q",
    [564, 380],
    [550, 540],
    "Q",
    [400, 580],
    [250, 540],
    "Z",
  );
  const band = path("M", [252, 490], "Q", [400, 530], [548, 490], "L", [550, 540], "Q", [400, 580], [250, 540], "Z");
  const parts = [
    `<path d="${brimBack}" fill="${darken(pen.base, 0.25)}"/>`,
    pen.panel(brimFront),
    pen.panel(crown),
    pen.solid(band, ribbon, { shade: "sheen" }),
  ];
  parts.push(pen.line(path("M", [300, 340], "Q", [400, 300], [500, 340]), darken(pen.base, 0.3), 2, 0.4));
  if (view === "front") {
    const bow = path("M", [500, 515], "Q", [560, 470], [580, 500], "Q", [586, 540], [500, 530], "Z");
    parts.push(
      pen.solid(bow, ribbon),
      pen.solid(path("M", [512, 530], "L", [540, 620], "L", [560, 610], "L", [524, 528], "Z"), darken(ribbon, 0.1)),
    );
  }
  return { svg: parts.join(""), focus: [470, 520] };
}

export function bucketHat(pen: Pen, view: View): Drawing {
  const brim = path(
    "M",
    [250, 556],
    "Q",
    [400, 596],
    [550, 556],
    "Q",
    [610, 600],
    [660, 668],
    "Q",
    [668, 690],
    [640, 696],
    "Q",
    [400, 744],
    [160, 696],
    "Q",
    [132, 690],
    [140, 668],
    "Q",
    [190, 600],
    [250, 556],
    "Z",
  );
  const crown = path(
    "M",
    [256, 566],
    "Q",
    [262, 470],
    [282, 440],
    "Q",
    [300, 400],
    [400, 398],
    "Q",
    [500, 400],
    [518, 440],
    "Q",
    [538, 470],
    [544, 566],
    "Q",
    [400, 600],
    [256, 566],
    "Z",
  );
  const underside = path(
    "M",
    [140, 668],
    "Q",
    [400, 760],
    [660, 668],
    "Q",
    [668, 690],
    [640, 696],
    "Q",
    [400, 744],
    [160, 696],
    "Q",
    [132, 690],
    [140, 668],
    "Z",
  );
  const parts = [pen.panel(brim), `<path d="${underside}" fill="#000" fill-opacity="0.12"/>`];
  for (let i = 1; i < 4; i++) {
    const k = i / 4;
    parts.push(
      pen.stitch(
        path("M", [250 - 104 * k, 560 + 110 * k], "Q", [400, 600 + 140 * k], [550 + 104 * k, 560 + 110 * k]),
        undefined,
        1.2,
      ),
    );
  }
  parts.push(
    `<path d="${path("M", [250, 560], "Q", [400, 612], [550, 560], "L", [560, 590], "Q", [400, 640], [240, 590], "Z")}" fill="#000" fill-opacity="0.1"/>`,
  );
  parts.push(
    pen.panel(crown),
    pen.fold([300, 450], [300, 560], 30, false),
    pen.stitch(path("M", [290, 446], "Q", [400, 420], [510, 446]), undefined, 1.2),
  );
  parts.push(pen.line(path("M", [256, 564], "Q", [400, 600], [544, 564]), darken(pen.base, 0.45), 2.4, 0.6));
  if (view === "back") parts.push(pen.metal([316, 500], 7, "#bbbbbb"), pen.metal([484, 500], 7, "#bbbbbb"));
  else parts.push(pen.metal([300, 500], 7, "#bbbbbb"));
  return { svg: parts.join(""), focus: [400, 560] };
}

export function longScarf(pen: Pen, view: View): Drawing {
  const left = path("M", [300, 200], "Q", [262, 500], [240, 800], "L", [410, 800], "Q", [400, 500], [420, 240], "Z");
  const right = path("M", [420, 230], "Q", [470, 500], [450, 840], "L", [600, 840], "Q", [590, 500], [500, 200], "Z");
  const knot = path(
    "M",
    [280, 180],
    "Q",
    [400, 110],
    [520, 180],
    "Q",
    [540, 260],
    [420, 276],
    "Q",
    [280, 266],
    [280, 180],
    "Z",
  );
  const fringe = (x1: number, x2: number, y: number) =>
    Array.from({ length: 14 }, (_, i) => {
      const x = x1 + ((x2 - x1) * (i + 0.5)) / 14;
      return pen.line(path("M", [x, y], "Q", [x + 3, y + 25], [x - 2, y + 48]), darken(pen.base, 0.1), 4, 1);
    }).join("");
  const parts = [
    pen.panel(left),
    fringe(240, 410, 798),
    pen.fold([350, 260], [330, 780], 40),
    pen.panel(right),
    fringe(450, 600, 838),
    pen.fold([500, 260], [520, 820], 40, false),
    pen.panel(knot),
    pen.fold([330, 200], [480, 210], 26),
  ];
  if (view === "back")
    return { svg: `<g transform="translate(800 0) scale(-1 1)">${parts.join("")}</g>`, focus: [400, 300] };
  return { svg: parts.join(""), focus: [380, 780] };
}

export function silkScarf(pen: Pen, view: View): Drawing {
  const border = pen.look.trim;
  const square = (inset: number) =>
    path(
      "M",
      [160 + inset, 260 + inset],
      "L",
      [640 - inset, 260 + inset],
      "L",
      [640 - inset, 740 - inset],
      "L",
      [160 + inset, 740 - inset],
      "Z",
    );
  const turned = path("M", [640, 600], "L", [500, 740], "L", [520, 600], "Z");
  const parts = [
    pen.solid(square(0), border),
    pen.panel(square(36)),
    pen.line(square(28), lighten(border, 0.5), 2, 0.8),
    pen.fold([200, 300], [600, 700], 60, false),
  ];
  if (view === "front") parts.push(pen.solid(turned, darken(border, 0.15)));
  return {
    svg: `<g transform="rotate(${view === "front" ? -8 : 6} 400 500)">${parts.join("")}</g>`,
    focus: [420, 420],
  };
}

export function belt(pen: Pen, view: View): Drawing {
  const ring = `${path("M", [150, 520], "Q", [150, 330], [400, 330], "Q", [650, 330], [650, 520], "Q", [650, 710], [400, 710], "Q", [150, 710], [150, 520], "Z")} ${path("M", [206, 520], "Q", [206, 384], [400, 384], "Q", [594, 384], [594, 520], "Q", [594, 656], [400, 656], "Q", [206, 656], [206, 520], "Z")}`;
  const tail = path(
    "M",
    [330, 660],
    "Q",
    [420, 700],
    [560, 760],
    "L",
    [650, 790],
    "Q",
    [676, 800],
    [660, 826],
    "L",
    [548, 808],
    "Q",
    [420, 760],
    [310, 710],
    "Z",
  );
  const parts = [
    `<path d="${ring}" fill="${pen.look.fabric.base}" fill-rule="evenodd" stroke="${darken(pen.base, 0.4)}" stroke-width="1.6"/>`,
    `<path d="${ring}" fill="${pen.defs.shade("sheen")}" fill-rule="evenodd"/>`,
  ];
  parts.push(
    pen.stitch(
      path("M", [164, 520], "Q", [164, 344], [400, 344], "Q", [636, 344], [636, 520]),
      lighten(pen.base, 0.35),
      1.3,
    ),
  );
  parts.push(pen.panel(tail, { shade: "sheen" }));
  for (const x of [420, 470, 520])
    parts.push(`<ellipse cx="${x}" cy="${x * 0.46 + 510}" rx="5" ry="4" fill="${darken(pen.base, 0.6)}"/>`);
  const metal = view === "front" ? GOLD : "#c0c0c0";
  parts.push(
    `<rect x="250" y="636" width="100" height="80" rx="14" fill="none" stroke="${darken(metal, 0.3)}" stroke-width="14"/><rect x="250" y="636" width="100" height="80" rx="14" fill="none" stroke="${metal}" stroke-width="10"/><path d="M300 640 L300 712" stroke="${metal}" stroke-width="7" stroke-linecap="round"/>`,
  );
  return { svg: parts.join(""), focus: [300, 660] };
}

export function sunglasses(pen: Pen, view: View): Drawing {
  const frame = pen.base;
  const lensTint = pen.look.trim;
  const lens = path(
    "M",
    [140, 440],
    "Q",
    [140, 400],
    [190, 398],
    "L",
    [340, 400],
    "Q",
    [378, 404],
    [376, 446],
    "Q",
    [370, 560],
    [270, 572],
    "Q",
    [160, 576],
    [146, 500],
    "Z",
  );
  const id = pen.defs.add(
    `lens:${lensTint}`,
    (gid) =>
      `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(lensTint, 0.45)}"/><stop offset="1" stop-color="${lighten(lensTint, 0.25)}"/></linearGradient>`,
  );
  const one = (d: string) =>
    `<path d="${d}" fill="url(#${id})" fill-opacity="0.92"/><path d="${d}" fill="none" stroke="${darken(frame, 0.2)}" stroke-width="20"/><path d="${d}" fill="none" stroke="${frame}" stroke-width="15"/>`;
  const glare = path("M", [180, 420], "L", [230, 420], "L", [170, 520], "L", [160, 490], "Z");
  const bridge = path("M", [372, 430], "Q", [400, 410], [428, 430]);
  const temple = path("M", [136, 430], "L", [92, 436], "L", [80, 470]);
  const parts = [
    one(lens),
    one(mirror(lens)),
    `<path d="${glare}" fill="#fff" fill-opacity="0.25"/><path d="${mirror(glare)}" fill="#fff" fill-opacity="0.18"/>`,
  ];
  parts.push(pen.line(bridge, frame, 14, 1), pen.line(temple, frame, 14, 1), pen.line(mirror(temple), frame, 14, 1));
  for (const x of [150, 650]) parts.push(pen.metal([x, 424] as Pt, 5, GOLD));
  const svg = view === "back" ? `<g transform="rotate(-10 400 480)">${parts.join("")}</g>` : parts.join("");
  return { svg, focus: [CX - 120, 470] };
}
