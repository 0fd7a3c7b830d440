import type Sharp from "sharp";
import { lazyPackage } from "../lazy-package";

const loadPackage = lazyPackage<typeof Sharp>("sharp");
let configured = false;

/**
 * sharp (libvips), loaded at the first picture drawn or uploaded rather than at start
 * (server/lazy-package.ts). Its operation cache is off: every picture the store processes is a
 * new one (an upload, a demo drawing), so libvips' default cache of up to 50 MB of decoded
 * images would only hold memory that is never asked for again (decision 026).
 */
export function loadSharp(): typeof Sharp {
  const sharp = loadPackage();
  if (!configured) {
    sharp.cache(false);
    configured = true;
  }
  return sharp;
}
