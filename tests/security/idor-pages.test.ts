import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, sandboxPayments } from "../../server/db/schema";
import { startFakeSmtp } from "../fakes/smtp";
import { createAccountsTestApp, GOOD_PASSWORD, registerVerified, TestBrowser, userByEmail } from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";
import { body, type PaymentsTest, type Shopper, shopper, worldSnapshot } from "../helpers/payments";
import { insertProducts } from "../helpers/products";

/**
 * Another shopper's things through the pages (moved here from the checkout and account page
 * tests so they stay held): their sandbox payments cannot be seen, approved or paid, and their
 * addresses cannot be changed, made default or deleted. Needs `npm run build`.
 */

let test: PaymentsTest;
let ada: Shopper;
let bob: Shopper;
let set: string;
let nextAddress = 1;
const visitor = () => new TestBrowser(test.t.app, "203.0.113.9");

beforeAll(async () => {
  const database = await createTestDatabase();
  const smtp = await startFakeSmtp();
  const t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
  test = {
    database,
    smtp,
    t,
    async stop() {
      await smtp.stop();
      await database.close();
    },
  };
  ada = await shopper(test, "ada-idor@example.com");
  bob = await shopper(test, "bob-idor@example.com");
  [{ id: set }] = await insertProducts(test.database.db, [
    {
      title: "Pages Lounge Set",
      priceCents: 8900,
      sizes: ["M"],
      colors: [{ name: "Blush", hex: "#e3b7ae" }],
      stockCount: 20,
    },
  ]);
});
afterAll(() => test.stop());

async function start(endpoint: "/api/create-paypal-order" | "/api/create-stripe-session", who: Shopper = ada) {
  const res = await who.browser.postJson(
    endpoint,
    body(who, [{ productId: set, selectedSize: "M", color: "Blush", quantity: 1 }]),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; url?: string; totalCents: number };
}

async function html(res: Response): Promise<string> {
  return (await res.text()).replaceAll("<!-- -->", "");
}

async function signedIn(email: string) {
  const b = await registerVerified(test.t, test.smtp, email, new TestBrowser(test.t.app, `192.0.2.${nextAddress++}`));
  const res = await b.postForm("/login", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(302);
  return b;
}

describe("another shopper's sandbox payments", () => {
  it("is not found for another shopper, who cannot approve it either", async () => {
    const { id } = await start("/api/create-paypal-order");
    expect((await bob.browser.request(`/sandbox/paypal/${id}`)).status).toBe(404);
    const before = await worldSnapshot(test.database);
    expect((await bob.browser.postForm(`/sandbox/paypal/${id}`, { intent: "approve" })).status).toBe(404);
    const [row] = await test.database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    expect(row.status).toBe("CREATED");
    expect(await worldSnapshot(test.database)).toEqual(before);
  });

  it("sends a visitor to log in and hides another shopper's session, whose Pay changes nothing", async () => {
    const { id } = await start("/api/create-stripe-session");
    const anon = await visitor().request(`/sandbox/checkout/${id}`);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await bob.browser.request(`/sandbox/checkout/${id}`)).status).toBe(404);
    const before = await worldSnapshot(test.database);
    expect((await bob.browser.postForm(`/sandbox/checkout/${id}`, { intent: "pay" })).status).toBe(404);
    expect((await visitor().postForm(`/sandbox/checkout/${id}`, { intent: "pay" })).status).toBe(302);
    expect(await worldSnapshot(test.database)).toEqual(before);
  });
});

describe("another shopper's addresses", () => {
  it("one shopper cannot change or delete another's address (404)", async () => {
    const owner = await signedIn("owner@example.com");
    await owner.postForm("/addresses", {
      intent: "create",
      name: "Owner Home",
      phone: "555 010 2030",
      street: "1 Owner St",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
    });
    const [theirs] = await test.t.services.accounts.listAddresses(
      (await userByEmail(test.database, "owner@example.com")).id,
    );
    const intruder = await signedIn("intruder@example.com");
    const edit = await intruder.postForm("/addresses", {
      intent: "update",
      id: theirs.id,
      name: "Stolen",
      phone: "555 010 2030",
      street: "x",
      city: "x",
      // A valid address, so that only its owner can make the edit fail.
      state: "IL",
      zipCode: "12345",
    });
    expect(edit.status).toBe(404);
    expect(await html(edit)).toContain("Failed to save address");
    const del = await intruder.postForm("/addresses", { intent: "delete", id: theirs.id });
    expect(del.status).toBe(404);
    expect(await html(del)).toContain("Failed to delete address");
    const def = await intruder.postForm("/addresses", { intent: "set-default", id: theirs.id });
    expect(def.status).toBe(404);
    expect(await html(await intruder.request("/addresses"))).not.toContain("Owner Home");
    expect((await test.database.db.select().from(addresses)).find((a) => a.id === theirs.id)?.name).toBe("Owner Home");
  });
});
