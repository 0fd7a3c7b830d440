import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProductImage } from "../../server/catalog/images";
import type { DatabaseHandle } from "../../server/db/client";
import { createLocalStorage } from "../../server/storage/local";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { attribute, element, elements, textOf } from "../helpers/rendered-html";

/**
 * What the mail preview (/dev/mail-preview, this machine only, without SMTP) shows of the order
 * confirmation and the shipped email: their words in the HTML part and the plain text, the
 * totals, and the line's picture, the JPEG variant of the newest product's, answered by the
 * store (tests/e2e/mail-preview.e2e.ts keeps how a browser draws them, and axe over them).
 * Who may see the preview at all is tests/security/mail-preview.test.ts's.
 */

let database: DatabaseHandle;
let t: TestApp;

/** What @hono/node-server hands the app for a request from this machine. */
const local = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { withPages: false });
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#c2b280" } })
    .png()
    .toBuffer();
  const picture = await storeProductImage(createLocalStorage(path.join(t.dataDir, "media")), photo, "preview.png");
  await insertProducts(database.db, [{ title: "Preview Dress", imageUrls: [picture], createdAt: new Date() }]);
});
afterAll(() => database.close());

async function page(address: string): Promise<string> {
  // Addressed to this machine (the guard checks the host too), from this machine.
  const res = await t.app.request(address, {}, local);
  expect(res.status).toBe(200);
  return res.text();
}

describe("the mail preview", () => {
  it.each([
    ["Order confirmation", "Thank you for your purchase."],
    ["Order shipped", "Your order is on its way."],
  ])("shows %s: its words in both parts, and pictures the store serves", async (name, expected) => {
    const list = await page("/dev/mail-preview");
    expect(elements(list, /<h1>/).map(textOf)).toEqual(["Mail preview"]);
    const links = elements(list, /<a /).filter((a) => textOf(a) === name);
    expect(links).toHaveLength(1);

    const shown = await page(attribute(links[0], "href") as string);
    expect(elements(shown, /<h1>/).map(textOf)).toEqual([name]);
    const frame = element(shown, /<iframe [^>]*title="[^"]*HTML part"/);
    const mail = attribute(frame, "srcdoc") as string;
    for (const words of ["Hi Ada,", expected, "Questions? Write to"]) expect(textOf(mail)).toContain(words);
    const text = textOf(element(shown, /<pre data-part="text">/));
    expect(text).toContain("Hi Ada,");
    expect(text).toContain("hello@threadline.shop");

    const pictures = elements(mail, /<img /).map((img) => attribute(img, "src") as string);
    if (name === "Order confirmation") {
      expect(textOf(mail)).toContain("Subtotal: $1,545.00");
      expect(pictures[0]).toMatch(/^http:\/\/store\.test\/media\/.+-320\.jpg$/);
    }
    // Every picture of the email loads: the store answers its address with an image.
    for (const src of pictures) {
      const res = await t.app.request(src);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
    }
  });
});
