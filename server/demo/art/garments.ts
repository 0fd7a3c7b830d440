import { belt, bucketHat, handbag, longScarf, silkScarf, strawHat, sunglasses, tote } from "./accessories";
import {
  aLineDress,
  camiTrouserSet,
  cropShortsSet,
  type Drawing,
  knitSkirtSet,
  loungeSet,
  maxiDress,
  shirtDress,
  slipDress,
  teeSkirtSet,
  type View,
  wrapDress,
} from "./dresses";
import type { Pen } from "./geometry";
import { bikerJacket, blazer, bomber, denimJacket, puffer, trench } from "./jackets";
import { dungarees, kidsDress, kidsHoodie, kidsTee } from "./kids";
import { pair, singleShoe } from "./shoes";

/**
 * Every drawable item and how it is staged: clothes lie flat (or hang), shoes and bags
 * stand on a studio floor, small accessories lie flat.
 */
export type Staging = "garment" | "set" | "standing" | "flat";

export interface Entry {
  draw: (pen: Pen, view: View) => Drawing;
  staging: Staging;
  /** A single piece for the close-up, where the main drawing shows a pair. */
  single?: (pen: Pen, view: View) => Drawing;
}

export const GARMENTS = {
  "dress-a-line": { draw: aLineDress, staging: "garment" },
  "dress-wrap": { draw: wrapDress, staging: "garment" },
  "dress-slip": { draw: slipDress, staging: "garment" },
  "dress-maxi": { draw: maxiDress, staging: "garment" },
  "dress-shirt": { draw: shirtDress, staging: "garment" },
  "set-tee-skirt": { draw: teeSkirtSet, staging: "set" },
  "set-cami-trousers": { draw: camiTrouserSet, staging: "set" },
  "set-crop-shorts": { draw: cropShortsSet, staging: "set" },
  "set-knit-skirt": { draw: knitSkirtSet, staging: "set" },
  "set-lounge": { draw: loungeSet, staging: "set" },
  "kids-tee": { draw: kidsTee, staging: "garment" },
  "kids-dungarees": { draw: dungarees, staging: "garment" },
  "kids-dress": { draw: kidsDress, staging: "garment" },
  "kids-hoodie": { draw: kidsHoodie, staging: "garment" },
  "jacket-denim": { draw: denimJacket, staging: "garment" },
  "jacket-biker": { draw: bikerJacket, staging: "garment" },
  "jacket-blazer": { draw: blazer, staging: "garment" },
  "jacket-puffer": { draw: puffer, staging: "garment" },
  "jacket-trench": { draw: trench, staging: "garment" },
  "jacket-bomber": { draw: bomber, staging: "garment" },
  "shoe-sneaker": { draw: pair("sneaker"), single: singleShoe("sneaker"), staging: "standing" },
  "shoe-pump": { draw: pair("pump"), single: singleShoe("pump"), staging: "standing" },
  "shoe-boot": { draw: pair("boot"), single: singleShoe("boot"), staging: "standing" },
  "shoe-sandal": { draw: pair("sandal"), single: singleShoe("sandal"), staging: "standing" },
  "shoe-loafer": { draw: pair("loafer"), single: singleShoe("loafer"), staging: "standing" },
  "bag-handbag": { draw: handbag, staging: "standing" },
  "bag-tote": { draw: tote, staging: "standing" },
  "hat-straw": { draw: strawHat, staging: "flat" },
  "hat-bucket": { draw: bucketHat, staging: "flat" },
  "scarf-long": { draw: longScarf, staging: "flat" },
  "scarf-silk": { draw: silkScarf, staging: "flat" },
  belt: { draw: belt, staging: "flat" },
  sunglasses: { draw: sunglasses, staging: "flat" },
} as const satisfies Record<string, Entry>;

export type GarmentKind = keyof typeof GARMENTS;
