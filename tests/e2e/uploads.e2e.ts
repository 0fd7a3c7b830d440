import sharp from "sharp";
import { expect, type Page, type Request, type Route, test } from "./fixtures";
import { ADMIN, signedInContext } from "./people";

/**
 * Resumable picture uploads (issue 26, decision 057) in the browser: a PATCH cut off mid-file
 * is tried again from the server's offset, never from the first byte; chunks start at 256 KB
 * and double; two pictures go at once with a bar each; a reload offers to resume an unfinished
 * upload of the same file; Cancel says so.
 */

const KB = 1024;

/** A noisy PNG of about `kilobytes` (stored uncompressed): a real picture that needs several chunks. */
async function noisyPhoto(name: string, kilobytes: number, seed: number) {
  const width = 600;
  const height = Math.ceil((kilobytes * KB) / (width * 3));
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = ((i + seed) * 2654435761) >>> 24;
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

interface Sent {
  url: string;
  method: string;
  offset: number;
  length: number;
}

/** Every tus request the page sends, in order. */
function recordUploads(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request: Request) => {
    if (!request.url().includes("/api/uploads")) return;
    sent.push({
      url: request.url(),
      method: request.method(),
      offset: Number(request.headers()["upload-offset"] ?? -1),
      length: request.postDataBuffer()?.length ?? 0,
    });
  });
  return sent;
}

async function fillProduct(page: Page, title: string) {
  await page.getByLabel("Product Title").fill(title);
  await page.getByLabel("Category").selectOption("Jackets");
  await page.getByLabel("Price ($)").fill("30");
  await page.getByLabel("Description").fill("Uploaded in chunks over a shaky line.");
}

test("a cut-off chunk resumes from the server's offset; two pictures upload at once and the product saves", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const context = await signedInContext(browser, info, ADMIN);
  const page = await context.newPage();
  const sent = recordUploads(page);
  const big = await noisyPhoto(`big-${info.project.name}.png`, 1600, 1);
  const small = await noisyPhoto(`small-${info.project.name}.png`, 100, 2);

  // The big file's second PATCH (at 256 KB) is cut off once, as a dropped connection does.
  let cut = false;
  await page.route("**/api/uploads/*", async (route: Route) => {
    const request = route.request();
    if (!cut && request.method() === "PATCH" && request.headers()["upload-offset"] === String(256 * KB)) {
      cut = true;
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });

  await page.goto("/admin/add-product");
  await fillProduct(page, `E2E Resumed ${info.project.name} ${Date.now()}`);
  await page.getByLabel("Choose images").setInputFiles([big, small]);
  const items = page.getByRole("list", { name: "New images" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  // A bar each while they go (the small one may be done already).
  await expect(page.getByRole("progressbar", { name: `Upload of ${big.name}` })).toBeVisible();
  await expect(items.filter({ hasText: "Uploaded" })).toHaveCount(2, { timeout: 30_000 });
  expect(cut).toBe(true);

  // The big file: 256 KB, then the cut 512 KB at 256 KB, then again from 256 KB (after a HEAD), doubling.
  const location = sent.find((s) => s.method === "PATCH" && s.offset === 256 * KB)?.url ?? "";
  const patches = sent.filter((s) => s.url === location && s.method === "PATCH");
  expect(patches.map((p) => p.offset).slice(0, 4)).toEqual([0, 256 * KB, 256 * KB, 768 * KB]);
  expect(patches.map((p) => p.length).slice(0, 3)).toEqual([256 * KB, 512 * KB, 512 * KB]);
  expect(patches.filter((p) => p.offset === 0)).toHaveLength(1);
  expect(sent.some((s) => s.url === location && s.method === "HEAD")).toBe(true);
  const total = patches.slice(2).reduce((sum, p) => sum + p.length, 0) + 256 * KB;
  expect(total).toBe(big.buffer.length);
  // The small one went in a single request.
  const smallPatches = sent.filter((s) => s.method === "PATCH" && s.length === small.buffer.length);
  expect(smallPatches).toHaveLength(1);

  await page.getByRole("button", { name: "Add Product" }).click();
  // Noise is the hardest picture to encode: three WebP variants of it take a while on a busy machine.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Product added" })).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});

test("a reload offers to resume the same file, which carries on from where it stopped; Cancel says so", async ({
  browser,
}, info) => {
  test.setTimeout(90_000);
  const context = await signedInContext(browser, info, ADMIN);
  const page = await context.newPage();
  const big = await noisyPhoto(`resume-${info.project.name}-${Date.now()}.png`, 1200, 3);

  // The second chunk never gets an answer: the page is reloaded while it hangs.
  const held: Route[] = [];
  await page.route("**/api/uploads/*", async (route: Route) => {
    if (route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") {
      held.push(route);
      return;
    }
    await route.continue();
  });
  await page.goto("/admin/add-product");
  await page.getByLabel("Choose images").setInputFiles([big]);
  await expect.poll(() => held.length).toBe(1);
  await page.reload();
  for (const route of held.splice(0)) await route.abort().catch(() => {});
  await page.unroute("**/api/uploads/*");
  const offer = page.getByTestId("upload-offer");
  await expect(offer).toContainText("Unfinished uploads can be resumed: choose the same file again.");
  await expect(offer).toContainText(big.name);

  const sent = recordUploads(page);
  await page.getByLabel("Choose images").setInputFiles([big]);
  const items = page.getByRole("list", { name: "New images" }).getByRole("listitem");
  await expect(items.filter({ hasText: "Uploaded" })).toHaveCount(1, { timeout: 30_000 });
  await expect(offer).toHaveCount(0);
  const patches = sent.filter((s) => s.method === "PATCH");
  expect(patches.length).toBeGreaterThan(0);
  // Resumed: no new upload was created and nothing was sent from the first byte again.
  expect(sent.filter((s) => s.method === "POST")).toHaveLength(0);
  expect(patches.every((p) => p.offset >= 256 * KB)).toBe(true);

  // Cancel: a hanging upload stops, and the picture says why.
  const other = await noisyPhoto(`cancel-${info.project.name}-${Date.now()}.png`, 1200, 4);
  await page.route("**/api/uploads/*", async (route: Route) => {
    if (route.request().method() === "PATCH" && route.request().headers()["upload-offset"] !== "0") {
      held.push(route);
      return;
    }
    await route.continue();
  });
  await page.getByLabel("Choose images").setInputFiles([other]);
  await expect.poll(() => held.length).toBe(1);
  await page.getByRole("button", { name: `Cancel upload of ${other.name}` }).click();
  await expect(page.getByText(`${other.name}: upload canceled.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Product" })).toBeDisabled();
  await expect(page.getByText("Remove or try again the pictures that did not upload.")).toBeVisible();
  for (const route of held.splice(0)) await route.abort().catch(() => {});
  await context.close();
});
