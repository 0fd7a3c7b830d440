import { expect, type Page, type TestInfo, test } from "./fixtures";
import { toast } from "./shop-steps";
import { orderLink } from "./admin-orders";
import sharp from "sharp";
import { ADMIN, signedInContext } from "./people";
import { placedOrderNumber } from "./placed-order";
import { askToDelete } from "./confirm";

/**
 * Live updates (issue 6) with two browsers side by side: what one person does, the other sees
 * without reloading. Each page gets a marker in `window`; a reload would wipe it, so a test that
 * still finds it has seen the change arrive live.
 */

// Each project works on its own demo product, so the two runs never see each other's reviews.
const REVIEWED = { desktop: "Highland Wool Scarf", phone: "Tortoise Retro Sunglasses" } as Record<string, string>;
// Plenty of stock, no size or colour to pick: one click into the cart.
const BOUGHT = "Breton Canvas Tote";

const unique = (info: TestInfo, who: string) => `live-${who}-${info.project.name}-${Date.now()}@example.com`;

/** Marks the page; `stillSamePage` is true only if it was not reloaded since. */
async function mark(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: boolean }).liveMarker = true;
  });
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker === true);

/** Waits until the page's live stream is open, so a change made next cannot be missed. */
async function openProductBy(page: Page, title: string) {
  await page.goto(`/?q=${encodeURIComponent(title)}`);
  await page.goto(String(await page.getByRole("link", { name: `View ${title}` }).getAttribute("href")));
}

async function liveStreamOpen(page: Page) {
  await page
    .waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200, { timeout: 10_000 })
    .catch(() => {});
}

test("a review one shopper posts appears on another shopper's open product page", async ({ browser }, info) => {
  test.setTimeout(90_000);
  const title = REVIEWED[info.project.name] ?? "Riviera Straw Sun Hat";
  const [writerContext, readerContext] = await Promise.all([
    signedInContext(browser, info, unique(info, "writer")),
    signedInContext(browser, info, unique(info, "reader")),
  ]);
  const writer = await writerContext.newPage();
  const reader = await readerContext.newPage();
  const readerStream = liveStreamOpen(reader);
  await Promise.all([openProductBy(writer, title), openProductBy(reader, title)]);
  await readerStream;
  await mark(reader);

  const text = `Live review ${info.project.name} ${Date.now()} <script>window.pwned=1</script>`;
  await writer.getByLabel("Rating").selectOption("4");
  await writer.getByRole("textbox", { name: "Write your review" }).fill(text);
  await writer.getByRole("button", { name: "Post review" }).click();
  await expect(toast(writer, "Review posted")).toBeVisible();
  // One review per product: the writer now sees their review, with Edit and Delete, instead of the form.
  await expect(writer.getByRole("region", { name: "Your review" })).toContainText(text);
  await expect(writer.getByRole("button", { name: "Post review" })).toHaveCount(0);

  const reviews = reader.getByRole("list", { name: "Customer reviews" });
  await expect(reviews.getByRole("listitem").first()).toContainText(text, { timeout: 10_000 });
  await expect(reviews.getByRole("listitem").first()).toContainText("4 out of 5 stars");
  expect(await stillSamePage(reader)).toBe(true);
  expect(await reader.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  await writerContext.close();
  await readerContext.close();
});

test("a visitor who tries to post a review is asked to log in", async ({ page }, info) => {
  await openProductBy(page, REVIEWED[info.project.name] ?? "Riviera Straw Sun Hat");
  await page.getByRole("textbox", { name: "Write your review" }).fill("I have no account");
  await page.getByRole("button", { name: "Post review" }).click();
  await expect(toast(page, "Please log in to leave a review.")).toBeVisible();
});

test("when the live stream cannot connect, the page says so and loads once by itself", async ({ page }, info) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 503, body: "down" }));
  await openProductBy(page, REVIEWED[info.project.name] ?? "Riviera Straw Sun Hat");
  await expect(toast(page, "Realtime read failed. Trying a one-time fetch...")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
});

test("a product the administrator adds appears on an open home page", async ({ browser }, info) => {
  test.setTimeout(120_000);
  const title = `E2E Live Arrival ${info.project.name} ${Date.now()}`;
  const visitorContext = await browser.newContext({ viewport: info.project.use.viewport });
  const home = await visitorContext.newPage();
  const homeStream = liveStreamOpen(home);
  await home.goto(`/?q=${encodeURIComponent("E2E Live Arrival")}`);
  await homeStream;
  await mark(home);

  const adminContext = await signedInContext(browser, info, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto("/admin/add-product");
  await admin.getByLabel("Product Title").fill(title);
  await admin.getByLabel("Category").selectOption("Accessories");
  await admin.getByLabel("Price ($)").fill("19.90");
  await admin.getByLabel("Description").fill("Added while a shopper watches the home page.");
  await admin.getByLabel("Stock count").fill("4");
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#6c7f9d" } })
    .png()
    .toBuffer();
  await admin
    .getByLabel("Choose images")
    .setInputFiles([{ name: "arrival.png", mimeType: "image/png", buffer: photo }]);
  await admin.getByRole("button", { name: "Add Product" }).click();
  await expect(toast(admin, "Product added")).toBeVisible();

  await expect(home.getByRole("link", { name: `View ${title}` })).toBeVisible({ timeout: 10_000 });
  expect(await stillSamePage(home)).toBe(true);

  // And it goes again when the administrator deletes it.
  await admin.goto("/admin?tab=products");
  await askToDelete(admin.getByRole("button", { name: `Delete ${title}` }));
  await admin.getByRole("dialog").getByRole("button", { name: "Delete product" }).click();
  await expect(toast(admin, "Product deleted successfully!")).toBeVisible();
  await expect(home.getByRole("link", { name: `View ${title}` })).toHaveCount(0, { timeout: 10_000 });
  expect(await stillSamePage(home)).toBe(true);

  await adminContext.close();
  await visitorContext.close();
});

/** Buys one tote through the sandbox card checkout; returns the order number. */
async function buyOne(page: Page, baseURL: string): Promise<string> {
  const saved = await page.context().request.post(`${baseURL}/addresses`, {
    form: {
      intent: "create",
      name: "Lena Live",
      phone: "+1 555 0142",
      street: "4 Stream Road",
      city: "Portland",
      state: "OR",
      zipCode: "97201",
      country: "United States",
      isDefault: "on",
    },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  await openProductBy(page, BOUGHT);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await page.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
  await page.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  return placedOrderNumber(page);
}

test("the customer's open My Orders follows the administrator's status changes", async ({ browser }, info) => {
  test.setTimeout(180_000);
  const baseURL = String(info.project.use.baseURL);
  const adminContext = await signedInContext(browser, info, ADMIN);
  const admin = await adminContext.newPage();
  const adminStream = liveStreamOpen(admin);
  await admin.goto("/admin?tab=orders");
  await adminStream;
  await mark(admin);

  const customerContext = await signedInContext(browser, info, unique(info, "customer"));
  const customer = await customerContext.newPage();
  const number = await buyOne(customer, baseURL);

  // The administrator's open Orders tab shows the new order without a reload; its number opens it.
  const row = orderLink(admin, number);
  await expect(row).toBeVisible({ timeout: 10_000 });
  expect(await stillSamePage(admin)).toBe(true);
  await row.click();
  const card = admin.getByRole("article", { name: `Order #${number}` });
  await expect(card).toBeVisible();
  await mark(admin);

  const ordersStream = liveStreamOpen(customer);
  await customer.goto("/orders");
  await ordersStream;
  await mark(customer);
  const myOrder = customer.getByRole("article", { name: `Order #${number}` });
  await expect(myOrder.locator("[data-status]")).toHaveText("Placed");

  for (const label of ["Confirmed", "Processing"]) {
    await card.getByRole("button", { name: label, exact: true }).click();
    await expect(card.locator("[data-status]").first()).toHaveText(label);
    await expect(myOrder.locator("[data-status]")).toHaveText(label, { timeout: 10_000 });
  }
  expect(await stillSamePage(customer)).toBe(true);

  await adminContext.close();
  await customerContext.close();
});

test("a notice that arrives during 'Load more' waits for it: the page keeps its place", async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  // Counts the messages the page's live stream receives, so the test waits for the notice itself.
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const counter = window as unknown as { liveMessages: number };
    counter.liveMessages = 0;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener("message", () => {
          counter.liveMessages += 1;
        });
      }
    };
  });
  const liveMessages = () => page.evaluate(() => (window as unknown as { liveMessages: number }).liveMessages);
  const cards = page.getByRole("list", { name: "Products" }).getByRole("article");
  const stream = liveStreamOpen(page);
  await page.goto("/");
  await stream;
  await expect(cards).toHaveCount(12);
  // A demo product on show (fixtures are left alone: other tests count their reviews).
  const titles = await cards.evaluateAll((all) => all.map((c) => c.querySelector("h3")?.textContent?.trim() ?? ""));
  const target = titles.find((t) => t && !t.startsWith("E2E"));
  expect(target).toBeTruthy();
  const href = String(await page.getByRole("link", { name: `View ${target}` }).getAttribute("href"));

  // "Load more" is held in flight while a review of a product on show is posted elsewhere.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.get("limit") === "24",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const loadMore = page.getByRole("link", { name: "Load more" });
  await loadMore.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await loadMore.click();

  const writerContext = await signedInContext(browser, info, unique(info, "interrupter"));
  const baseURL = String(info.project.use.baseURL);
  const heard = await liveMessages();
  const posted = await writerContext.request.post(`${baseURL}${href}`, {
    form: { intent: "review", rating: "5", text: `Posted during Load more (${info.project.name})` },
    headers: { origin: baseURL },
  });
  expect(posted.status()).toBe(200);
  // The notice reaches the page while "Load more" is still held.
  await expect.poll(liveMessages).toBeGreaterThan(heard);
  release();

  await expect(cards).toHaveCount(24);
  await expect(page).toHaveURL(/\?limit=24$/);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
  await writerContext.close();
});
