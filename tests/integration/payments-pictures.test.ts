import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailPictureUrl } from "../../domain/images";
import { storeProductImage } from "../../server/catalog/images";
import { createLocalStorage } from "../../server/storage/local";
import { body, type PaymentsTest, type Shopper, shopper, startPaymentsTest } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * The pictures the store sends to the payment providers answer, from the store itself, with an
 * image in a format the provider takes (decision 048): Stripe's hosted page shows them.
 */

let test: PaymentsTest;
let ada: Shopper;
let dress: string;
let dressPicture: string;

beforeAll(async () => {
  test = await startPaymentsTest({ stripe: true, paypal: true });
  ada = await shopper(test, "ada-pictures@example.com");
  const storage = createLocalStorage(path.join(test.t.dataDir, "media"));
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#b5651d" } })
    .png()
    .toBuffer();
  const address = await storeProductImage(storage, photo, "linen-dress.png");
  dressPicture = address;
  [{ id: dress }] = await insertProducts(test.database.db, [
    { title: "Pictured dress", priceCents: 5000, sizes: [], colors: [], stockCount: 5, imageUrls: [address] },
  ]);
});
afterAll(() => test.stop());

/** Fetches a picture address the store sent out, from the store (its public address is the test app's). */
async function fetchFromStore(url: string) {
  const { pathname, search } = new URL(url);
  expect(new URL(url).origin).toBe(new URL(test.t.config.publicUrl).origin);
  return test.t.app.request(`http://store.test${pathname}${search}`);
}

describe("pictures sent to the providers", () => {
  it("Stripe gets an absolute address of each line's picture that answers 200 with a JPEG", async () => {
    const res = await ada.browser.postJson(
      "/api/create-stripe-session",
      body(ada, [{ productId: dress, quantity: 1 }]),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const lines = test.stripe!.sessions.get(id)!.line_items_params as {
      price_data?: { product_data?: { images?: string[] } };
    }[];
    const images = lines.flatMap((line) => line.price_data?.product_data?.images ?? []);
    expect(images).toHaveLength(1);
    for (const url of images) {
      const answer = await fetchFromStore(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      const picture = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect(picture).toMatchObject({ format: "jpeg", width: 640, height: 800 });
    }
  });

  it("PayPal's items carry no picture address (image_url), so none can be broken", async () => {
    const res = await ada.browser.postJson("/api/create-paypal-order", body(ada, [{ productId: dress, quantity: 1 }]));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const units = test.paypal!.orders.get(id)!.body.purchase_units as { items?: { image_url?: string }[] }[];
    expect(units[0].items).toHaveLength(1);
    const pictures = units.flatMap((unit) => (unit.items ?? []).flatMap((item) => item.image_url ?? []));
    // Should the store start sending image_url, this fails and the address belongs in the test above.
    expect(pictures).toEqual([]);
  });

  it("an e-mail's picture is a 320 px JPEG that pages of other origins may show (decision 056)", async () => {
    const url = mailPictureUrl(dressPicture, test.t.config.publicUrl);
    expect(url).toMatch(/^http.+-320\.jpg$/);
    const answer = await fetchFromStore(url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    // A mail client draws the e-mail in a page of its own origin: same-origin would keep the picture out.
    expect(answer.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const picture = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(picture).toMatchObject({ format: "jpeg", width: 320, height: 400 });
    // Every other answer keeps the security headers' same-origin.
    const page = await test.t.app.request("http://store.test/healthz");
    expect(page.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("a picture the store does not hold is a 404, not an error", async () => {
    const answer = await test.t.app.request("http://store.test/media/products/1_nothing-640.jpg");
    expect(answer.status).toBe(404);
    const outside = await test.t.app.request("http://store.test/media/..%2F..%2Fetc%2Fpasswd-640.jpg");
    expect(outside.status).toBe(404);
  });
});
