import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { Size } from "../../domain/catalog";
import { discountedTotals } from "../../domain/discounts";
import type { DatabaseHandle } from "../../server/db/client";
import type { Logger } from "../../server/logger";
import { type AddressSnapshot, type CheckoutLine, checkouts, sandboxPayments } from "../../server/db/schema";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "./accounts";
import { createTestDatabase } from "./database";

export const ADMIN = "admin@example.com";

/** The whole store with pages, a fake SMTP server, a signed-in administrator and two signed-in shoppers. */
export interface AdminTest {
  database: DatabaseHandle;
  smtp: FakeSmtp;
  t: AccountsTestApp;
  admin: TestBrowser;
  shopper: TestBrowser;
  shopperId: string;
  other: TestBrowser;
  otherId: string;
  visitor: TestBrowser;
  mediaDir: string;
  stop(): Promise<void>;
}

async function signedIn(t: AccountsTestApp, smtp: FakeSmtp, email: string, address: string) {
  const browser = await registerVerified(t, smtp, email, new TestBrowser(t.app, address));
  const res = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return browser;
}

export async function startAdminTest(
  options: { logger?: Logger; env?: Record<string, string> } = {},
): Promise<AdminTest> {
  const database = await createTestDatabase();
  const smtp = await startFakeSmtp();
  const t = await createAccountsTestApp(database, {
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN, ...options.env },
    withPages: true,
    logger: options.logger,
  });
  const admin = await signedIn(t, smtp, ADMIN, "198.51.100.21");
  const shopper = await signedIn(t, smtp, "shopper@example.com", "198.51.100.22");
  const other = await signedIn(t, smtp, "other@example.com", "198.51.100.23");
  return {
    database,
    smtp,
    t,
    admin,
    shopper,
    shopperId: (await userByEmail(database, "shopper@example.com")).id,
    other,
    otherId: (await userByEmail(database, "other@example.com")).id,
    visitor: new TestBrowser(t.app, "198.51.100.24"),
    mediaDir: path.join(t.dataDir, "media"),
    async stop() {
      await smtp.stop();
      await database.close();
    },
  };
}

/** Every file under the media folder, relative to it. */
export function mediaFiles(mediaDir: string): string[] {
  if (!existsSync(mediaDir)) return [];
  return readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function png(color = "#b4533c", width = 400, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A decompression bomb: a valid PNG header declaring width × height grey pixels, followed by
 * the first rows only. Tiny on disk; a decoder that trusted it would allocate gigabytes.
 */
export function pixelFloodPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export function imageFile(bytes: Buffer, name: string, type = "image/png"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export const validFields = {
  title: "Linen Field Shirt",
  category: "Jackets",
  price: "49.90",
  description: "A light linen shirt.",
  stockCount: "7",
};

/** A product form as the browser sends it: text fields, repeated sizes and keepImages, files. */
export function productForm(
  fields: Record<string, string>,
  options: {
    files?: File[];
    sizes?: string[];
    keep?: string[];
    colors?: { name: string; hex: string; image?: string }[];
  } = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const size of options.sizes ?? ["S", "M"]) form.append("sizes", size);
  for (const color of options.colors ?? []) {
    form.append("colorName", color.name);
    form.append("colorHex", color.hex);
    form.append("colorImage", color.image ?? "");
  }
  for (const address of options.keep ?? []) form.append("keepImages", address);
  for (const file of options.files ?? []) form.append("images", file);
  return form;
}

const ADDRESS: AddressSnapshot = {
  name: "Sam Shopper",
  street: "1 Main Street",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  country: "United States",
  phone: "555-0100",
};

/**
 * An order as a verified payment makes it: a checkout row, then the orders service's own
 * fulfilment (stock, history 'Order placed successfully', confirmation e-mail). The payment is
 * a card payment in the store's sandbox book, so a cancellation or a return can refund it.
 */
export async function placeOrder(
  test: AdminTest,
  userId: string,
  product: { id: string; title: string; imageUrls: string[]; priceCents: number },
  quantity = 1,
  options: { sandbox?: boolean; selectedSize?: Size | null } = {},
) {
  return placeOrderOf(test, userId, [{ product, quantity, size: options.selectedSize }], { sandbox: options.sandbox });
}

/** The same with several lines; `discount` makes it an order priced with a code's discount (decision 034). */
export async function placeOrderOf(
  test: AdminTest,
  userId: string,
  items: {
    product: { id: string; title: string; imageUrls: string[]; priceCents: number };
    quantity: number;
    size?: Size | null;
  }[],
  options: { sandbox?: boolean; discount?: { code: string; cents: number } } = {},
) {
  const lines: CheckoutLine[] = items.map(({ product, quantity, size }) => ({
    productId: product.id,
    title: product.title,
    imageUrls: product.imageUrls,
    // The size the line names: its stock is taken per size and colour (decision 032).
    selectedSize: size === undefined ? "M" : size,
    color: null,
    quantity,
    unitPriceCents: product.priceCents,
    lineTotalCents: product.priceCents * quantity,
  }));
  const totals = discountedTotals(
    lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    options.discount?.cents ?? 0,
  );
  const [checkout] = await test.database.db
    .insert(checkouts)
    .values({
      userId,
      provider: "stripe",
      providerRef: `cs_test_${randomUUID()}`,
      lines,
      subtotalCents: totals.subtotalCents,
      discountCode: options.discount?.code ?? null,
      discountCents: totals.discountCents,
      taxCents: totals.taxCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
    })
    .returning({ id: checkouts.id });
  const paymentRef = `pi_sandbox_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
  await test.database.db.insert(sandboxPayments).values({
    id: `cs_sandbox_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
    kind: "card",
    checkoutId: checkout.id,
    amountCents: totals.totalCents,
    currency: "USD",
    status: "complete",
    captureId: paymentRef,
  });
  const { order } = await test.t.services.orders.fulfilCheckout(checkout.id, {
    paymentId: `pi_${randomUUID()}`,
    paymentRef,
    sandbox: options.sandbox ?? false,
  });
  return order;
}
