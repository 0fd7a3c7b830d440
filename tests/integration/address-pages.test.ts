import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp";
import {
  type AccountsTestApp,
  createAccountsTestApp,
  GOOD_PASSWORD,
  registerVerified,
  TestBrowser,
  userByEmail,
} from "../helpers/accounts";
import { createTestDatabase } from "../helpers/database";

/** My Addresses over HTTP as a browser without JavaScript uses it (docs/product.md §4 Addresses). */

let database: DatabaseHandle;
let smtp: FakeSmtp;
let t: AccountsTestApp;
let nextAddress = 1;

const html = (res: Response) => res.text();

async function signedIn(email: string) {
  const b = await registerVerified(t, smtp, email, new TestBrowser(t.app, `192.0.2.${nextAddress++}`));
  const res = await b.postForm("/login", { email, password: GOOD_PASSWORD });
  expect(res.status).toBe(302);
  return b;
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  t = await createAccountsTestApp(database, { env: { SMTP_URL: smtp.url }, withPages: true });
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

describe("/addresses", () => {
  it("addresses fit their country: the page checks, spells and prints them so (docs/product.md §4)", async () => {
    const b = await signedIn("countries@example.com");
    const post = (fields: Record<string, string>) =>
      b.postForm("/addresses", {
        intent: "create",
        name: "Flat",
        phone: "+44 20 7946 0000",
        street: "1 High St",
        ...fields,
      });
    // A UK address with a US ZIP, and a Canadian one with a US state: refused with the reason by the field.
    const uk = await post({ country: "United Kingdom", city: "London", state: "IL", zipCode: "62701" });
    expect(uk.status).toBe(400);
    expect(await html(uk)).toContain("Enter a UK postcode like SW1A 1AA");
    const ca = await post({ country: "Canada", city: "Ottawa", state: "IL", zipCode: "K1A 0B1" });
    expect(ca.status).toBe(400);
    expect(await html(ca)).toContain("Choose a province or territory from the list");
    const id = (await userByEmail(database, "countries@example.com")).id;
    expect(await t.services.accounts.listAddresses(id)).toEqual([]);
    // Typed loosely, stored and printed the country's way.
    await post({ country: "United Kingdom", city: "London", state: "", zipCode: "sw1a1aa" });
    await post({ country: "Canada", city: "Ottawa", state: "Ontario", zipCode: "k1a0b1" });
    const page = await html(await b.request("/addresses"));
    expect(page).toMatch(/London<\/span><span class="block">SW1A 1AA<\/span><span class="block">United Kingdom/);
    expect(page).toContain("Ottawa ON K1A 0B1");
  });

  it("My Addresses leads back to the checkout only when reached from it", async () => {
    const b = await signedIn("way-back@example.com");
    expect(await html(await b.request("/addresses?from=checkout"))).toMatch(
      /href="\/checkout"[^>]*>.*Back to checkout/s,
    );
    for (const from of ["https://evil.example", "//evil.example", "/admin", ""]) {
      expect(await html(await b.request(`/addresses?from=${encodeURIComponent(from)}`))).not.toContain(
        "Back to checkout",
      );
    }
  });
});
