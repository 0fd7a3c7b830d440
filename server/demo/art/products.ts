import type { Category, Size } from "../../../domain/catalog";
import type { ProductColor } from "../../db/schema";
import type { GarmentKind } from "./garments";
import type { PatternKind } from "./paint";

/** The demo shop window: what the store sells before its owner adds anything. */

/** front/back/detail/hanger/styled as in server/demo/art.ts Shot; "colour" shows the next colourway. */
export type DemoShot = "front" | "back" | "detail" | "hanger" | "styled" | "colour";

export interface DemoProduct {
  title: string;
  category: Category;
  price: number;
  sizes: Size[];
  colors?: ProductColor[];
  stock: number;
  description: string;
  /**
   * The drawing. A product's colours paint the part named by colourOn (the cloth itself by
   * default; the print of a gingham, the trim of a two-tone sneaker), first colour first.
   */
  art: {
    garment: GarmentKind;
    pattern: PatternKind;
    base?: string;
    accent?: string;
    trim?: string;
    colourOn?: "base" | "accent" | "trim";
  };
  shots: DemoShot[];
}

const ADULT: Size[] = ["XS", "S", "M", "L", "XL"];
const FULL: Size[] = ["XS", "S", "M", "L", "XL", "XXL"];
const KIDS: Size[] = ["XS", "S", "M", "L"];
const SHOES: Size[] = ["S", "M", "L", "XL"];

const c = (name: string, hex: string): ProductColor => ({ name, hex });

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Dress
  {
    title: "Rosa Floral Midi Dress",
    category: "Dress",
    price: 89,
    sizes: ADULT,
    stock: 14,
    description:
      "A fit-and-flare midi in soft cotton lawn, printed with small red blooms on a cream ground. The square neckline and cap sleeves frame the shoulders, and the skirt falls in easy pleats from a seamed waist. Machine wash cold and line dry.",
    art: { garment: "dress-a-line", pattern: "floral", base: "#f3e3d3", accent: "#d36b6b", trim: "#f5f0e8" },
    shots: ["front", "detail", "styled"],
  },
  {
    title: "Emerald Wrap Dress",
    category: "Dress",
    price: 119,
    sizes: FULL,
    colors: [c("Emerald", "#2f5d50"), c("Navy", "#26324f"), c("Rust", "#a4502f")],
    stock: 22,
    description:
      "Cut from fluid crepe with a gentle stretch, this wrap dress ties at the side for a waist you adjust yourself. Elbow sleeves and a knee-grazing hem make it easy to wear from desk to dinner. Cool machine wash; hang to dry.",
    art: { garment: "dress-wrap", pattern: "solid", trim: "#e9e1d3" },
    shots: ["front", "colour", "colour", "hanger", "styled"],
  },
  {
    title: "Champagne Satin Slip Dress",
    category: "Dress",
    price: 129,
    sizes: ["XS", "S", "M", "L"],
    stock: 6,
    description:
      "Bias-cut satin skims the body and pools softly at the ankle. Fine adjustable straps and a lightly shaped V neckline keep the look minimal. Dry clean or hand wash in cool water.",
    art: { garment: "dress-slip", pattern: "satin", base: "#d2ad86", trim: "#e8d5bd" },
    shots: ["front", "detail", "hanger"],
  },
  {
    title: "Midnight Dot Maxi Dress",
    category: "Dress",
    price: 109,
    sizes: FULL,
    stock: 11,
    description:
      "A floor-length tiered maxi in airy viscose with a scattering of ivory polka dots. Flutter sleeves and a V neckline keep it light, while the gathered tiers give movement with every step. Gentle machine wash, cool iron.",
    art: { garment: "dress-maxi", pattern: "dots", base: "#1f2a44", accent: "#f2efe6", trim: "#f2efe6" },
    shots: ["front", "styled"],
  },
  {
    title: "Harbour Stripe Shirt Dress",
    category: "Dress",
    price: 79,
    sizes: ADULT,
    stock: 18,
    description:
      "Crisp cotton poplin in a blue and white Breton stripe, with a pointed collar and a full button front. The self-tie belt cinches the waist; leave it off for a relaxed shape. Machine wash at 30°C.",
    art: { garment: "dress-shirt", pattern: "stripes", base: "#f4f1ea", accent: "#5f86b3", trim: "#f4f1ea" },
    shots: ["front", "detail"],
  },
  {
    title: "Picnic Gingham Sundress",
    category: "Dress",
    price: 69,
    sizes: ["XS", "S", "M", "L"],
    colors: [c("Cherry", "#d9485f"), c("Sage", "#7e9c7a")],
    stock: 0,
    description:
      "Yarn-dyed cotton gingham made for long summer days. A fitted bodice with a square neck opens into a swingy knee-length skirt with hidden side pockets. Machine wash cold; the check keeps its colour wash after wash.",
    art: { garment: "dress-a-line", pattern: "gingham", base: "#fbfaf6", trim: "#ffffff", colourOn: "accent" },
    shots: ["front", "colour"],
  },
  {
    title: "Terracotta Linen Wrap Dress",
    category: "Dress",
    price: 99,
    sizes: ADULT,
    stock: 9,
    description:
      "Washed European linen in a warm terracotta that softens further with every wear. The wrap front and tie waist flatter without clinging, and the elbow sleeves keep you cool. Machine wash gentle; linen likes to be line dried.",
    art: { garment: "dress-wrap", pattern: "solid", base: "#b8613f", trim: "#efe3d3" },
    shots: ["front", "back"],
  },
  {
    title: "Noir Evening Slip Dress",
    category: "Dress",
    price: 139,
    sizes: ["XS", "S", "M"],
    stock: 0,
    description:
      "Heavy black satin with a liquid drape and a quiet sheen under evening light. Adjustable straps and a bias cut follow the body from neckline to hem. Dry clean only.",
    art: { garment: "dress-slip", pattern: "satin", base: "#1f1d1f", trim: "#333333" },
    shots: ["front"],
  },
  {
    title: "Meadow Tiered Maxi Dress",
    category: "Dress",
    price: 115,
    sizes: FULL,
    stock: 7,
    description:
      "A breezy cotton voile maxi covered in a pastel meadow print. Three gathered tiers and flutter sleeves give it a romantic, easy silhouette. Hand wash or gentle machine wash, then reshape while damp.",
    art: { garment: "dress-maxi", pattern: "floral", base: "#e8efe0", accent: "#c77ea1", trim: "#ffffff" },
    shots: ["front", "detail", "styled"],
  },

  // 2-piece
  {
    title: "Cherry Gingham Tee & Skirt Set",
    category: "2-piece",
    price: 95,
    sizes: ["XS", "S", "M", "L"],
    stock: 12,
    description:
      "A boxy cropped tee and a pleated midi skirt in matching cotton gingham. Wear them together for a polished look or split them with denim and knits. Machine wash cold, warm iron.",
    art: { garment: "set-tee-skirt", pattern: "gingham", base: "#fbfaf6", accent: "#d9485f", trim: "#ffffff" },
    shots: ["front", "styled"],
  },
  {
    title: "Oat Linen Cami & Trouser Set",
    category: "2-piece",
    price: 129,
    sizes: ADULT,
    colors: [c("Oat", "#e8d7c3"), c("Olive", "#8a8a5c")],
    stock: 10,
    description:
      "A V-neck camisole with fine straps and high-waisted wide-leg trousers, both in breathable washed linen. The trousers have a button waistband, belt loops and deep side pockets. Machine wash gentle and line dry.",
    art: { garment: "set-cami-trousers", pattern: "solid", trim: "#efe9df" },
    shots: ["front", "colour", "styled"],
  },
  {
    title: "Chambray Crop Top & Shorts Set",
    category: "2-piece",
    price: 75,
    sizes: ["XS", "S", "M", "L"],
    stock: 16,
    description:
      "Light cotton chambray with a soft denim look. The puff-sleeve crop top pairs with relaxed high-rise shorts for warm days and holidays. Machine wash cold with similar colours.",
    art: { garment: "set-crop-shorts", pattern: "denim", base: "#6584ad", trim: "#efe6d6" },
    shots: ["front", "detail"],
  },
  {
    title: "Sage Rib Knit Skirt Set",
    category: "2-piece",
    price: 115,
    sizes: ADULT,
    stock: 8,
    description:
      "A cosy rib-knit jumper and a straight midi skirt in a soft cotton-blend yarn. The ribbing holds its shape while giving a comfortable stretch. Hand wash cool and dry flat.",
    art: { garment: "set-knit-skirt", pattern: "rib", base: "#b8c4a8", trim: "#efe9df" },
    shots: ["front", "back", "styled"],
  },
  {
    title: "Cloud Lounge Sweat Set",
    category: "2-piece",
    price: 89,
    sizes: FULL,
    colors: [c("Cloud Blue", "#9aa7b8"), c("Heather Grey", "#a9a6a1"), c("Blush", "#e3b7ae")],
    stock: 30,
    description:
      "A crew-neck sweatshirt and drawstring joggers in brushed-back organic cotton fleece. Ribbed cuffs and hem keep the shape relaxed but tidy. Machine wash at 30°C inside out.",
    art: { garment: "set-lounge", pattern: "solid", trim: "#f4f1ea" },
    shots: ["front", "colour", "colour"],
  },
  {
    title: "Riviera Stripe Tee & Skirt Set",
    category: "2-piece",
    price: 85,
    sizes: ["XS", "S", "M", "L", "XL"],
    stock: 5,
    description:
      "Navy and white stripes on a heavyweight cotton jersey tee, matched with a pleated midi skirt. The pleats are stitched down at the hip for a neat line. Machine wash cold; hang the skirt to keep the pleats crisp.",
    art: { garment: "set-tee-skirt", pattern: "stripes", base: "#f6f3ec", accent: "#2f3f63", trim: "#ffffff" },
    shots: ["front"],
  },
  {
    title: "Blossom Satin Cami & Trouser Set",
    category: "2-piece",
    price: 135,
    sizes: ["XS", "S", "M", "L"],
    stock: 4,
    description:
      "Washed satin printed with soft blossoms: a bias camisole and fluid wide-leg trousers. Dress it up with heels or down with white sneakers. Hand wash cool, cool iron on the reverse.",
    art: { garment: "set-cami-trousers", pattern: "floral", base: "#f3dfe0", accent: "#b5566a", trim: "#f5ecec" },
    shots: ["front", "styled"],
  },
  {
    title: "Denim Puff-Sleeve Co-ord",
    category: "2-piece",
    price: 99,
    sizes: ["S", "M", "L"],
    stock: 3,
    description:
      "Mid-wash cotton denim shaped into a cropped puff-sleeve top and high-waisted shorts. Contrast stitching and metal buttons give it a classic denim finish. Machine wash cold inside out.",
    art: { garment: "set-crop-shorts", pattern: "denim", base: "#3f5f8a", trim: "#efe6d6" },
    shots: ["front", "back"],
  },

  // Children Collection
  {
    title: "Little Sailor Striped Tee",
    category: "Children Collection",
    price: 19,
    sizes: KIDS,
    colors: [c("Coral", "#e2725b"), c("Navy", "#2f3f63")],
    stock: 40,
    description:
      "A soft cotton jersey tee in bold stripes with a stitched-on star patch. The roomy fit leaves space to climb and play. Machine wash warm and tumble dry low.",
    art: { garment: "kids-tee", pattern: "stripes", base: "#fbf8f1", trim: "#f2b84b", colourOn: "accent" },
    shots: ["front", "colour", "back"],
  },
  {
    title: "Heart Pocket Denim Dungarees",
    category: "Children Collection",
    price: 39,
    sizes: KIDS,
    stock: 15,
    description:
      "Sturdy cotton denim dungarees with adjustable straps, a bib pocket with a heart appliqué, and turn-up hems that grow with your child. Metal buttons make changes quick. Machine wash at 40°C.",
    art: { garment: "kids-dungarees", pattern: "denim", base: "#5a7fa8", trim: "#e86f8a" },
    shots: ["front", "hanger"],
  },
  {
    title: "Polka Dot Party Dress",
    category: "Children Collection",
    price: 45,
    sizes: KIDS,
    colors: [c("Pink", "#f4b6c2"), c("Lilac", "#c9b6e4")],
    stock: 9,
    description:
      "A twirly cotton poplin party dress with puff sleeves, a Peter Pan collar and a sash that ties in a bow at the back. Fully lined for comfort. Machine wash cold, cool iron.",
    art: { garment: "kids-dress", pattern: "dots", accent: "#ffffff", trim: "#ffffff" },
    shots: ["front", "back", "colour"],
  },
  {
    title: "Sunshine Rainbow Hoodie",
    category: "Children Collection",
    price: 35,
    sizes: KIDS,
    stock: 20,
    description:
      "A cheerful yellow hoodie in brushed cotton fleece with an embroidered rainbow. The kangaroo pocket keeps small treasures safe, and ribbed cuffs stay put. Machine wash at 30°C.",
    art: { garment: "kids-hoodie", pattern: "solid", base: "#f1c45a", trim: "#ffffff" },
    shots: ["front", "styled"],
  },
  {
    title: "Garden Gingham Dress",
    category: "Children Collection",
    price: 42,
    sizes: KIDS,
    stock: 0,
    description:
      "Green gingham cotton with a white collar and button front, finished with a wide sash. Perfect for picnics and garden parties. Machine wash cold.",
    art: { garment: "kids-dress", pattern: "gingham", base: "#fbfaf6", accent: "#5f9a6a", trim: "#ffffff" },
    shots: ["front"],
  },
  {
    title: "Star Patch Organic Tee",
    category: "Children Collection",
    price: 17,
    sizes: KIDS,
    stock: 35,
    description:
      "Made from soft organic cotton with a golden star patch on the chest. Generous in the body with neat ribbed binding at the neck. Machine wash warm.",
    art: { garment: "kids-tee", pattern: "solid", base: "#8fb8d8", trim: "#f2d36b" },
    shots: ["front", "detail"],
  },
  {
    title: "Cord Dungarees",
    category: "Children Collection",
    price: 44,
    sizes: KIDS,
    colors: [c("Mustard", "#c99a3b"), c("Forest", "#4c6b4f")],
    stock: 7,
    description:
      "Soft needlecord dungarees with a heart-patched bib pocket and turn-up hems. Adjustable straps and side buttons make them easy to pull on. Machine wash at 30°C inside out.",
    art: { garment: "kids-dungarees", pattern: "rib", trim: "#f4b6c2" },
    shots: ["front", "colour"],
  },
  {
    title: "Mini Puffer Jacket",
    category: "Children Collection",
    price: 49,
    sizes: KIDS,
    stock: 12,
    description:
      "A light, warm puffer with recycled polyester fill and a water-repellent shell. The stand collar keeps chins cosy, and the channels pack down small for travel. Machine wash cold, tumble dry low with a tennis ball.",
    art: { garment: "jacket-puffer", pattern: "satin", base: "#e85a6b", trim: "#ffffff" },
    shots: ["front", "back"],
  },

  // Jackets
  {
    title: "Classic Denim Jacket",
    category: "Jackets",
    price: 89,
    sizes: FULL,
    stock: 25,
    description:
      "A timeless trucker jacket in rigid cotton denim that breaks in beautifully. Flap chest pockets, copper-tone buttons and contrast orange stitching. Machine wash cold inside out.",
    art: { garment: "jacket-denim", pattern: "denim", base: "#3f5f8a", trim: "#efe6d6" },
    shots: ["front", "back", "detail", "styled"],
  },
  {
    title: "Moto Leather Biker Jacket",
    category: "Jackets",
    price: 249,
    sizes: ADULT,
    colors: [c("Black", "#26221f"), c("Cognac", "#8a4f2a")],
    stock: 5,
    description:
      "Soft lambskin leather with an asymmetric zip, snap-down lapels and a belted hem. Zipped cuffs and pockets finish the classic biker shape. Specialist leather clean only.",
    art: { garment: "jacket-biker", pattern: "leather", trim: "#c9c9c9" },
    shots: ["front", "colour", "detail"],
  },
  {
    title: "Heritage Check Blazer",
    category: "Jackets",
    price: 159,
    sizes: ADULT,
    stock: 8,
    description:
      "A tailored single-breasted blazer in a soft wool-blend check. Notched lapels, flap pockets and a half lining keep it sharp but comfortable. Dry clean only.",
    art: { garment: "jacket-blazer", pattern: "plaid", base: "#8a8f7a", accent: "#5b4a3a", trim: "#efe6d6" },
    shots: ["front", "back", "hanger"],
  },
  {
    title: "Cloudlight Puffer Jacket",
    category: "Jackets",
    price: 179,
    sizes: FULL,
    colors: [c("Paprika", "#c2573a"), c("Black", "#222222"), c("Ice Blue", "#a9c4d8")],
    stock: 13,
    description:
      "A warm, light puffer with recycled down-alternative fill in stitched channels. The high stand collar and two-way zip keep the wind out. Machine wash cold and tumble dry low.",
    art: { garment: "jacket-puffer", pattern: "satin", trim: "#ffffff" },
    shots: ["front", "colour", "colour"],
  },
  {
    title: "Sandstone Trench Coat",
    category: "Jackets",
    price: 219,
    sizes: ADULT,
    stock: 6,
    description:
      "A double-breasted trench in water-resistant cotton gabardine with epaulettes, a storm flap and a buckled belt. Cut long, to wear over tailoring or knits. Dry clean.",
    art: { garment: "jacket-trench", pattern: "solid", base: "#c8ad86", trim: "#5a4632" },
    shots: ["front", "back", "hanger"],
  },
  {
    title: "Olive Satin Bomber",
    category: "Jackets",
    price: 129,
    sizes: FULL,
    stock: 17,
    description:
      "A lightweight bomber in glossy satin with ribbed collar, cuffs and hem. Welt pockets and a smooth metal zip keep it clean and easy. Cool machine wash.",
    art: { garment: "jacket-bomber", pattern: "satin", base: "#4d5b3f", trim: "#2a2a2a" },
    shots: ["front", "styled"],
  },
  {
    title: "Ink Linen Blazer",
    category: "Jackets",
    price: 145,
    sizes: ADULT,
    stock: 10,
    description:
      "An unstructured blazer in breathable navy linen for warm-weather tailoring. Soft shoulders, notched lapels and flap pockets. Dry clean or hand wash cold.",
    art: { garment: "jacket-blazer", pattern: "solid", base: "#2d3a55", trim: "#d9cdb8" },
    shots: ["front", "detail"],
  },
  {
    title: "Vintage Wash Denim Jacket",
    category: "Jackets",
    price: 95,
    sizes: ADULT,
    stock: 3,
    description:
      "Light-wash denim with a worn-in softness from day one. The classic trucker cut has flap pockets and a button waistband. Machine wash cold inside out.",
    art: { garment: "jacket-denim", pattern: "denim", base: "#7f9cc0", trim: "#efe6d6" },
    shots: ["front"],
  },

  // Shoes
  {
    title: "Everyday White Leather Sneakers",
    category: "Shoes",
    price: 95,
    sizes: SHOES,
    colors: [c("White/Green", "#2f6b4f"), c("White/Navy", "#26324f")],
    stock: 28,
    description:
      "Clean white leather sneakers with a padded collar, coloured heel tab and cushioned rubber cupsole. They go with everything from dresses to denim. Wipe clean with a damp cloth.",
    art: { garment: "shoe-sneaker", pattern: "solid", base: "#f5f3ef", colourOn: "trim" },
    shots: ["front", "detail", "styled"],
  },
  {
    title: "Noir Stiletto Pumps",
    category: "Shoes",
    price: 139,
    sizes: SHOES,
    stock: 9,
    description:
      "Pointed pumps in smooth black leather on a slender 9 cm heel. A cushioned insole and leather lining keep them comfortable into the evening. Polish with neutral cream.",
    art: { garment: "shoe-pump", pattern: "leather", base: "#1d1b1a", trim: "#8c2f2f" },
    shots: ["front", "detail"],
  },
  {
    title: "Cognac Chelsea Boots",
    category: "Shoes",
    price: 169,
    sizes: SHOES,
    colors: [c("Cognac", "#7a4e2f"), c("Black", "#232020")],
    stock: 11,
    description:
      "Suede-soft leather Chelsea boots with elastic side gussets and a pull tab for easy on and off. The stacked block heel and rubber sole grip well in wet weather. Brush and proof regularly.",
    art: { garment: "shoe-boot", pattern: "leather", trim: "#2a2522" },
    shots: ["front", "colour", "detail"],
  },
  {
    title: "Amalfi Strappy Sandals",
    category: "Shoes",
    price: 79,
    sizes: SHOES,
    stock: 0,
    description:
      "Flat leather sandals with criss-cross straps and a buckled ankle strap. The padded footbed is shaped for all-day walking. Wipe clean; keep away from prolonged water.",
    art: { garment: "shoe-sandal", pattern: "leather", base: "#c08a5b", trim: "#e8d8bf" },
    shots: ["front", "detail"],
  },
  {
    title: "Oxblood Penny Loafers",
    category: "Shoes",
    price: 129,
    sizes: SHOES,
    stock: 8,
    description:
      "Polished leather loafers in deep oxblood with a stitched apron and a gold-tone bar. Leather-lined with a low stacked heel. Polish to keep the shine.",
    art: { garment: "shoe-loafer", pattern: "leather", base: "#5a2e25", trim: "#2b2522" },
    shots: ["front", "detail"],
  },
  {
    title: "Canvas Court Sneakers",
    category: "Shoes",
    price: 59,
    sizes: SHOES,
    stock: 24,
    description:
      "Lightweight cotton canvas sneakers on a vulcanised rubber sole. Contrast stripes and a padded tongue keep the classic court look. Hand wash cold and air dry.",
    art: { garment: "shoe-sneaker", pattern: "solid", base: "#2f3f63", trim: "#e9dcc6" },
    shots: ["front", "styled"],
  },
  {
    title: "Nude Leather Pumps",
    category: "Shoes",
    price: 119,
    sizes: SHOES,
    stock: 6,
    description:
      "Soft nude leather pumps on a sculpted mid heel that lengthen the leg. A cushioned footbed and leather sole complete the look. Store in the dust bag provided.",
    art: { garment: "shoe-pump", pattern: "leather", base: "#d4a98a", trim: "#6a4a3a" },
    shots: ["front"],
  },

  // Accessories
  {
    title: "Claret Top-Handle Bag",
    category: "Accessories",
    price: 129,
    sizes: [],
    colors: [c("Claret", "#7a3b2e"), c("Black", "#232020"), c("Cream", "#e9e1d3")],
    stock: 7,
    description:
      "A structured top-handle bag in smooth calf leather with a turn-lock flap and gold-tone hardware. Inside, a suede-lined main compartment with a slip pocket. Wipe with a soft dry cloth.",
    art: { garment: "bag-handbag", pattern: "leather", trim: "#c9a75d" },
    shots: ["front", "colour", "colour", "styled"],
  },
  {
    title: "Breton Canvas Tote",
    category: "Accessories",
    price: 45,
    sizes: [],
    stock: 32,
    description:
      "A roomy tote in heavy striped cotton canvas with leather handles and a reinforced base. Big enough for a laptop, a jumper and the weekend's shopping. Spot clean.",
    art: { garment: "bag-tote", pattern: "stripes", base: "#f1ece2", accent: "#33486b", trim: "#8a5a3a" },
    shots: ["front", "detail"],
  },
  {
    title: "Riviera Straw Sun Hat",
    category: "Accessories",
    price: 49,
    sizes: ["S", "M", "L"],
    stock: 14,
    description:
      "A wide-brimmed hat in natural woven straw with a black grosgrain ribbon tied in a bow. It packs flat and springs back into shape. Spot clean only.",
    art: { garment: "hat-straw", pattern: "straw", base: "#dcc49a", trim: "#2b2b2b" },
    shots: ["front", "styled"],
  },
  {
    title: "Garden Silk Square Scarf",
    category: "Accessories",
    price: 59,
    sizes: [],
    stock: 12,
    description:
      "A 90 cm square of pure silk twill printed with garden flowers and framed in a soft blue border. Hand-rolled edges finish it beautifully. Dry clean.",
    art: { garment: "scarf-silk", pattern: "floral", base: "#f3e6d8", accent: "#c5634f", trim: "#6c7f9d" },
    shots: ["front", "detail"],
  },
  {
    title: "Tan Leather Belt",
    category: "Accessories",
    price: 39,
    sizes: ["S", "M", "L", "XL"],
    colors: [c("Tan", "#8a5a36"), c("Black", "#211e1c")],
    stock: 22,
    description:
      "A 3 cm belt cut from full-grain vegetable-tanned leather with a brushed gold buckle. It develops a rich patina over time. Condition occasionally with leather balm.",
    art: { garment: "belt", pattern: "leather", trim: "#c9a75d" },
    shots: ["front", "colour"],
  },
  {
    title: "Tortoise Retro Sunglasses",
    category: "Accessories",
    price: 69,
    sizes: [],
    stock: 19,
    description:
      "Bold acetate frames with UV400 gradient lenses and gold-tone rivets. A hard case and cleaning cloth are included. Clean the lenses with the cloth only.",
    art: { garment: "sunglasses", pattern: "solid", base: "#5a3a28", trim: "#3b3b3b" },
    shots: ["front", "back", "styled"],
  },
  {
    title: "Gingham Bucket Hat",
    category: "Accessories",
    price: 29,
    sizes: ["S", "M", "L"],
    stock: 0,
    description:
      "A soft cotton bucket hat in green gingham with a stitched brim and air eyelets. Reversible to plain cream for two looks in one. Machine wash cold.",
    art: { garment: "hat-bucket", pattern: "gingham", base: "#f5f1e8", accent: "#4d7a5a", trim: "#ffffff" },
    shots: ["front", "styled"],
  },
  {
    title: "Highland Wool Scarf",
    category: "Accessories",
    price: 55,
    sizes: [],
    stock: 16,
    description:
      "A long lambswool scarf in a red and navy tartan with fringed ends. Brushed for softness and warm without bulk. Hand wash cool and dry flat.",
    art: { garment: "scarf-long", pattern: "plaid", base: "#a8453a", accent: "#2f3b52", trim: "#ffffff" },
    shots: ["front", "detail"],
  },
];
