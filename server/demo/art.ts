import { loadSharp } from "../catalog/sharp";
import { type Entry, GARMENTS, type GarmentKind } from "./art/garments";
import { Pen } from "./art/geometry";
import { Defs, type Fabric } from "./art/paint";
import {
  type Backdrop,
  type Box,
  backdrop,
  contactShadow,
  fitInto,
  fitted,
  hanger,
  sprig,
  TONES,
  zoom,
} from "./art/scenes";

/**
 * Product "photographs" for the demo catalogue, drawn as SVG and rasterised with sharp, so
 * the store has a believable shop window without network access or binary assets.
 */

export interface DemoArt {
  garment: GarmentKind;
  fabric: Fabric;
  /** Buttons, soles, ribbons, lens tint: the second colour of the item. */
  trim: string;
}

/** front/back: the item alone; detail: a close-up; hanger: on a rail; styled: with a second item and a prop. */
export type Shot = "front" | "back" | "detail" | "hanger" | "styled";

export const RENDER_WIDTH = 960;
export const RENDER_HEIGHT = 1200;

const SVG_OPEN = `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_WIDTH}" height="${RENDER_HEIGHT}" viewBox="0 0 800 1000">`;

/** Second items for styled shots, chosen to suit the product's family. */
const COMPANIONS: Record<string, DemoArt[]> = {
  dress: [
    { garment: "shoe-sandal", fabric: { pattern: "leather", base: "#b98a5e" }, trim: "#e9dcc6" },
    { garment: "bag-handbag", fabric: { pattern: "leather", base: "#e9e1d3" }, trim: "#c9a75d" },
    { garment: "hat-straw", fabric: { pattern: "straw", base: "#dcc49a" }, trim: "#2b2b2b" },
    { garment: "sunglasses", fabric: { pattern: "solid", base: "#5a3a28" }, trim: "#3b3b3b" },
  ],
  kids: [
    { garment: "shoe-sneaker", fabric: { pattern: "solid", base: "#f6f3ee" }, trim: "#f2f0ea" },
    { garment: "hat-bucket", fabric: { pattern: "solid", base: "#f1c45a" }, trim: "#f1c45a" },
  ],
  jacket: [
    { garment: "sunglasses", fabric: { pattern: "solid", base: "#1f1f1f" }, trim: "#3b3b3b" },
    { garment: "shoe-boot", fabric: { pattern: "leather", base: "#2a2522" }, trim: "#1b1b1b" },
    { garment: "bag-tote", fabric: { pattern: "solid", base: "#ece3d2" }, trim: "#8a5a3a" },
  ],
  other: [
    { garment: "scarf-silk", fabric: { pattern: "floral", base: "#f3e6d8", accent: "#c5634f" }, trim: "#6c7f9d" },
    { garment: "sunglasses", fabric: { pattern: "solid", base: "#5a3a28" }, trim: "#3b3b3b" },
    { garment: "bag-tote", fabric: { pattern: "stripes", base: "#f1ece2", accent: "#33486b" }, trim: "#8a5a3a" },
    { garment: "hat-straw", fabric: { pattern: "straw", base: "#dcc49a" }, trim: "#2b2b2b" },
  ],
};

function companionFor(garment: GarmentKind, seed: number): DemoArt {
  const family =
    garment.startsWith("dress") || garment.startsWith("set")
      ? "dress"
      : garment.startsWith("kids")
        ? "kids"
        : garment.startsWith("jacket")
          ? "jacket"
          : "other";
  const options = COMPANIONS[family].filter((c) => c.garment !== garment);
  return options[seed % options.length];
}

/** Tight bounds of a drawing in canvas units, from a quarter-size render of its alpha. */
const boxes = new Map<string, Promise<Box>>();
function measure(key: string, markup: () => string): Promise<Box> {
  let found = boxes.get(key);
  if (!found) {
    found = (async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="375" viewBox="-200 -250 1200 1500">${markup()}</svg>`;
      const { data, info } = await loadSharp()(Buffer.from(svg))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let x0 = info.width;
      let y0 = info.height;
      let x1 = -1;
      let y1 = -1;
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++)
          if (data[(y * info.width + x) * 4 + 3] > 16) {
            if (x < x0) x0 = x;
            if (x > x1) x1 = x;
            if (y < y0) y0 = y;
            if (y > y1) y1 = y;
          }
      if (x1 < 0) throw new Error(`Demo art "${key}" drew nothing`);
      return { x: x0 * 4 - 200, y: y0 * 4 - 250, w: (x1 - x0 + 1) * 4, h: (y1 - y0 + 1) * 4 };
    })();
    boxes.set(key, found);
  }
  return found;
}

interface Item {
  art: DemoArt;
  view: "front" | "back";
  single?: boolean;
}

async function drawItem(defs: Defs, { art, view, single }: Item) {
  const entry: Entry = GARMENTS[art.garment];
  const draw = (single && entry.single) || entry.draw;
  const drawing = draw(new Pen(defs, { fabric: art.fabric, trim: art.trim }), view);
  // Bounds depend on the shape only, so every colourway shares one measurement.
  const box = await measure(`${art.garment}:${view}:${draw === entry.draw ? "main" : "single"}`, () => {
    const probe = new Defs();
    const shape = draw(new Pen(probe, { fabric: { pattern: "solid", base: "#777777" }, trim: "#777777" }), view);
    return `${probe.markup()}${shape.svg}`;
  });
  return { ...drawing, box };
}

interface Scene {
  defs: Defs;
  background: string;
  /** Drawn between the background and the items: contact shadows, rails. */
  under: string;
  /** Items that cast a soft drop shadow. */
  items: string;
}

export async function composeScene(art: DemoArt, shot: Shot, seed: number): Promise<Scene> {
  const defs = new Defs();
  const entry: Entry = GARMENTS[art.garment];
  const staging = entry.staging;
  const tone = TONES[seed % TONES.length];
  const main = await drawItem(defs, { art, view: shot === "back" ? "back" : "front" });
  const g = (transform: string, svg: string) => `<g transform="${transform}">${svg}</g>`;
  const flatBackdrop: Backdrop = staging === "standing" ? "studio" : seed % 3 === 0 ? "linen" : "paper";

  if (shot === "detail" && entry.single) {
    const single = await drawItem(defs, { art, view: "front", single: true });
    const target = { x: 60, y: 250, w: 680, h: 560 };
    const at = fitted(single.box, target, "bottom", 2);
    return {
      defs,
      background: backdrop(defs, "studio", tone),
      under: contactShadow(defs, at),
      items: g(fitInto(single.box, target, { align: "bottom", maxScale: 2 }), single.svg),
    };
  }
  if (shot === "detail") {
    const k = staging === "standing" || staging === "flat" ? 1.9 : 2.3;
    return {
      defs,
      background: backdrop(defs, flatBackdrop === "studio" ? "paper" : flatBackdrop, tone),
      under: "",
      items: g(zoom(main.focus, k), main.svg),
    };
  }
  if (shot === "hanger" && (staging === "garment" || staging === "set")) {
    const target = { x: 150, y: 210, w: 500, h: 740 };
    const at = fitted(main.box, target, "top");
    const rail = hanger([at.x + at.w / 2, at.y + 10], Math.min(at.w * 0.36, 170));
    return {
      defs,
      background: backdrop(defs, "wall", tone),
      under: rail,
      items: g(fitInto(main.box, target, { align: "top" }), main.svg),
    };
  }
  if (shot === "styled") {
    const companion = await drawItem(defs, { art: companionFor(art.garment, seed), view: "front" });
    const mainTarget =
      staging === "standing" || staging === "flat"
        ? { x: 70, y: 120, w: 500, h: 560 }
        : { x: 40, y: 50, w: 540, h: 860 };
    const compTarget = { x: 470, y: 610, w: 290, h: 320 };
    const items = [
      sprig([690, 380], 0.9, 24),
      g(fitInto(main.box, mainTarget, { rotate: -5 }), main.svg),
      g(fitInto(companion.box, compTarget, { rotate: 9 }), companion.svg),
    ];
    return {
      defs,
      background: backdrop(defs, seed % 2 === 0 ? "wood" : "linen", tone),
      under: "",
      items: items.join(""),
    };
  }
  if (staging === "standing") {
    const target = { x: 70, y: 220, w: 660, h: 580 };
    const at = fitted(main.box, target, "bottom", 1.6);
    return {
      defs,
      background: backdrop(defs, "studio", tone),
      under: contactShadow(defs, at),
      items: g(fitInto(main.box, target, { align: "bottom", maxScale: 1.6 }), main.svg),
    };
  }
  const target = staging === "flat" ? { x: 110, y: 140, w: 580, h: 720 } : { x: 80, y: 70, w: 640, h: 860 };
  return {
    defs,
    background: backdrop(defs, flatBackdrop, tone),
    under: "",
    items: g(fitInto(main.box, target, { maxScale: 1.5 }), main.svg),
  };
}

/** A soft shadow of the items, rendered at quarter size (a full-size blur costs ~4x more). */
async function shadowImage(scene: Scene, defsMarkup: string, depth: number): Promise<string> {
  const filter = `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="${10 * depth}"/><feOffset dx="${6 * depth}" dy="${11 * depth}"/><feComponentTransfer><feFuncA type="linear" slope="0.3"/></feComponentTransfer></filter>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="250" viewBox="0 0 800 1000">${defsMarkup}<defs>${filter}</defs><g filter="url(#drop)">${scene.items}</g></svg>`;
  const png = await loadSharp()(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  return `<image href="data:image/png;base64,${png.toString("base64")}" width="800" height="1000" preserveAspectRatio="none"/>`;
}

/** The full SVG of one product photograph. */
export async function demoImageSvg(art: DemoArt, shot: Shot, seed: number): Promise<string> {
  const scene = await composeScene(art, shot, seed);
  const defsMarkup = scene.defs.markup();
  const standingFront = GARMENTS[art.garment].staging === "standing" && (shot === "front" || shot === "back");
  const shadow = standingFront
    ? ""
    : await shadowImage(scene, defsMarkup, shot === "hanger" ? 0.6 : shot === "detail" ? 1.6 : 1);
  return `${SVG_OPEN}${defsMarkup}${scene.background}${shadow}${scene.under}${scene.items}</svg>`;
}

/**
 * One product photograph as a high-quality JPEG at the largest stored width; the image
 * pipeline derives the WebP variants from it. JPEG decodes faster than PNG there.
 */
export async function renderDemoImage(art: DemoArt, shot: Shot, seed: number): Promise<Buffer> {
  const svg = await demoImageSvg(art, shot, seed);
  return loadSharp()(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}
