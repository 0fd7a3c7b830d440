import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { addressSchema } from "../../domain/address-schema";
import { type PaymentResult, paymentResultSchema } from "../../domain/payment-contract";
import { loadConfig } from "../../server/config";
import type { DatabaseHandle, QueryWatch } from "../../server/db/client";
import { checkouts, orders, outbox, products } from "../../server/db/schema";
import { createApp } from "../../server/http/app";
import { createLogger } from "../../server/logger";
import type { PaymentsOptions } from "../../server/payments/service";
import { createServices } from "../../server/services";
import { createLocalStorage } from "../../server/storage/local";
import { loadServerBuild } from "./app";
import { type FakePaypal, startFakePaypal } from "../fakes/paypal";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import { type FakeStripe, startFakeStripe } from "../fakes/stripe";
import {
  type AccountsTestApp,
  GOOD_PASSWORD,
  PUBLIC_URL,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "./accounts";
import { createTestDatabase } from "./database";

/**
 * One store over a fresh database, with a fake SMTP server for sign-ups and, when asked,
 * fake PayPal and Stripe servers the store is configured to use (otherwise: the sandbox).
 */
export interface PaymentsTest {
  database: DatabaseHandle;
  smtp: FakeSmtp;
  paypal?: FakePaypal;
  stripe?: FakeStripe;
  t: AccountsTestApp;
  stop(): Promise<void>;
}

export async function startPaymentsTest(
  options: {
    paypal?: boolean;
    stripe?: boolean;
    payments?: PaymentsOptions;
    withPages?: boolean;
    env?: Record<string, string>;
    /** Told every statement the store sends (tests/integration/payments-reads.test.ts counts them). */
    onQuery?: QueryWatch;
  } = {},
): Promise<PaymentsTest> {
  const database = await createTestDatabase({ onQuery: options.onQuery });
  const smtp = await startFakeSmtp();
  const paypal = options.paypal ? await startFakePaypal() : undefined;
  const stripe = options.stripe ? await startFakeStripe() : undefined;
  // Tests start many payments per shopper; the per-shopper limit has its own test (tests/security).
  const env: Record<string, string> = { SMTP_URL: smtp.url, CHECKOUT_RATE_LIMIT: "1000", ...options.env };
  if (paypal)
    Object.assign(env, {
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
    });
  if (stripe)
    Object.assign(env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    });
  // Like createAccountsTestApp, plus the payment options (providers, reconciliation timing).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-payments-"));
  mkdirSync(path.join(dataDir, "media"), { recursive: true });
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: "silent", ...env });
  const logger = createLogger("silent");
  const services = createServices({
    database,
    storage: createLocalStorage(path.join(dataDir, "media")),
    config,
    logger,
    payments: options.payments,
  });
  const build = options.withPages ? await loadServerBuild() : undefined;
  const t: AccountsTestApp = {
    app: createApp({ config, logger, database, services, build }),
    config,
    services,
    dataDir,
  };
  return {
    database,
    smtp,
    paypal,
    stripe,
    t,
    async stop() {
      await Promise.all([smtp.stop(), paypal?.stop(), stripe?.stop()]);
      await database.close();
    },
  };
}

let addressCounter = 0;

/** A verified, signed-in shopper with one (default) address. */
export async function shopper(test: PaymentsTest, email: string) {
  addressCounter++;
  const browser = await registerVerified(
    test.t,
    test.smtp,
    email,
    new TestBrowser(test.t.app, `198.51.100.${100 + (addressCounter % 150)}`),
  );
  const signIn = await browser.postJson("/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email} failed: ${signIn.status}`);
  const user = await userByEmail(test.database, email);
  const address = await test.t.services.accounts.addAddress(
    user.id,
    addressSchema.parse({
      name: `Shopper ${addressCounter}`,
      phone: "555-0100",
      street: `${addressCounter} Main Street`,
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      country: "United States",
    }),
  );
  return { browser, userId: user.id, email, addressId: address.id };
}

export type Shopper = Awaited<ReturnType<typeof shopper>>;

/** A cart line as a browser (or an attacker) might send it: anything extra is allowed here. */
export interface Line {
  productId: string;
  selectedSize?: string | null;
  color?: string | null;
  quantity: unknown;
  [extra: string]: unknown;
}

export const body = (who: Shopper, lines: Line[], extra: Record<string, unknown> = {}) => ({
  lines,
  shippingAddressId: who.addressId,
  sameAsShipping: true,
  ...extra,
});

export async function stockOf(database: DatabaseHandle, productId: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ stock: products.stockCount })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

export function ordersOf(database: DatabaseHandle, userId?: string) {
  return userId
    ? database.db.select().from(orders).where(eq(orders.userId, userId))
    : database.db.select().from(orders);
}

export async function checkoutByRef(database: DatabaseHandle, providerRef: string) {
  const [row] = await database.db.select().from(checkouts).where(eq(checkouts.providerRef, providerRef));
  return row;
}

export async function mailTo(database: DatabaseHandle, to: string, subjectStart: string) {
  const rows = await database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to)));
  return rows.filter((r) => r.subject.startsWith(subjectStart));
}

/** Everything that money or stock could have changed, to show that a refused request changed nothing. */
export async function worldSnapshot(database: DatabaseHandle) {
  const [stock, orderRows, checkoutRows] = await Promise.all([
    database.db.select({ id: products.id, stock: products.stockCount }).from(products),
    database.db.select({ id: orders.id }).from(orders),
    database.db.select({ id: checkouts.id, status: checkouts.status }).from(checkouts),
  ]);
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  return { stock: stock.sort(byId), orders: orderRows.length, checkouts: checkoutRows.sort(byId) };
}

/**
 * A payment confirmation's answer (capture, verify, the card check), read through the one
 * contract (domain/payment-contract.ts): it must parse as a PaymentResult, and its HTTP status
 * must say the same as its outcome (200 paid or pending, 409 refused, expired or refunded;
 * docs/decisions/046-one-payment-provider-interface.md).
 */
export async function paymentResult(res: Response): Promise<PaymentResult> {
  const result = paymentResultSchema.parse(await res.json());
  expect(res.status).toBe(result.outcome === "paid" || result.outcome === "pending" ? 200 : 409);
  return result;
}
