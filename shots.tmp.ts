import { chromium, type Page } from "@playwright/test";
import { AxeBuilder } from "@axe-core/playwright";
import { verificationLink } from "./tests/e2e/mailbox";

const BASE = "http://127.0.0.1:3301";
const OUT = "/tmp/v/shots";
const PASSWORD = "Velvet-Harbor-42";

async function signIn(page: Page, email: string) {
  const request = page.context().request;
  const headers = { origin: BASE };
  await request.post(`${BASE}/api/auth/sign-up/email`, { data: { name: "Shot", email, password: PASSWORD }, headers });
  await request.get(await verificationLink(request, BASE, email), { maxRedirects: 0 });
  const res = await request.post(`${BASE}/api/auth/sign-in/email`, { data: { email, password: PASSWORD }, headers });
  if (res.status() !== 200) throw new Error(`sign in ${email}: ${res.status()}`);
}

async function axe(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  console.log(`axe ${what}:`, violations.length ? violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(",")}`) : "none");
}

async function productHref(page: Page, title: string) {
  await page.goto(`${BASE}/?q=${encodeURIComponent(title)}`);
  return String(await page.getByRole("link", { name: `View ${title}` }).first().getAttribute("href"));
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
for (const [name, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, "admin@example.com").catch(() => page.context().request.post(`${BASE}/api/auth/sign-in/email`, { data: { email: "admin@example.com", password: PASSWORD }, headers: { origin: BASE } }));
  // Product page: the demo jacket, Cognac chosen (its largest size sold out), then the smallest size (2 left).
  await page.goto(`${BASE}${await productHref(page, "Moto Leather Biker Jacket")}`);
  await page.getByRole("group", { name: /^Color/ }).getByRole("button", { name: "Cognac", exact: true }).click();
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "XS", exact: true }).click();
  await page.screenshot({ path: `${OUT}/product-${name}.png` });
  await axe(page, `product ${name}`);
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "XS", exact: true }).click();
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "XL", exact: true }).click({ trial: true }).catch(() => {});
  await page.getByRole("group", { name: /^Color/ }).getByRole("button", { name: "Cognac", exact: true }).click();
  await page.getByRole("group", { name: /^Size/ }).getByRole("button", { name: "XL", exact: true }).click();
  await page.screenshot({ path: `${OUT}/product-xl-${name}.png` });
  // Admin: the products table and the edit form's grid.
  await page.goto(`${BASE}/admin?tab=products`);
  await page.screenshot({ path: `${OUT}/admin-products-${name}.png`, fullPage: true });
  await axe(page, `admin products ${name}`);
  await page.goto(`${BASE}${await productHref(page, "Moto Leather Biker Jacket")}`);
  const id = page.url().split("/").pop();
  await page.goto(`${BASE}/admin/edit-product/${id}`);
  const grid = page.getByRole("group", { name: "Stock" });
  await grid.scrollIntoViewIfNeeded();
  await page.getByLabel(/Show SKUs/).check();
  await grid.screenshot({ path: `${OUT}/admin-grid-${name}.png` });
  await page.getByLabel("Stock, M, Cognac").fill("-2");
  await page.getByRole("button", { name: "Update Product" }).click();
  await page.waitForTimeout(500);
  await grid.screenshot({ path: `${OUT}/admin-grid-error-${name}.png` });
  await axe(page, `admin edit ${name}`);
  await page.goto(`${BASE}/admin/add-product`);
  await page.getByRole("group", { name: "Stock" }).screenshot({ path: `${OUT}/admin-add-single-${name}.png` });
  await context.close();
}
await browser.close();
