/**
 * The shop's facts, said once: the site footer and info pages (app/lib/store.ts re-exports
 * them) and every e-mail's layout (server/mail/layout.ts) read them here.
 */
export const STORE_NAME = "Threadline";
export const STORE_TAGLINE = "Dresses, 2-pieces, jackets, shoes and accessories for every day and every occasion.";
export const CONTACT_EMAIL = "hello@threadline.shop";
export const CONTACT_HOURS = "Mon–Fri, 9:00–17:00";

/**
 * The brand palette of app/app.css (`--color-brand-*`, `--color-ink`, `--color-stone-500`) for
 * places that cannot read the stylesheet: e-mails carry their colours inline. store.test.ts
 * checks these against app/app.css, so the two cannot drift apart.
 */
export const BRAND_COLORS = {
  "brand-50": "#fbf7f4",
  "brand-100": "#f4ebe4",
  "brand-200": "#e7d3c4",
  "brand-700": "#72422d",
  ink: "#1c1917",
  "stone-500": "#6d655f",
} as const;
