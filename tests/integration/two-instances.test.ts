import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "../../domain/ids";
import type { FakeS3 } from "../fakes/s3";
import { type FakeSmtp, linkIn } from "../fakes/smtp";
import { GOOD_PASSWORD } from "../helpers/accounts";
import { imageFile, png, productForm, validFields } from "../helpers/admin";
import { paymentResult } from "../helpers/payments";
import type { Started } from "../helpers/process";
import type { RoundRobinProxy } from "../helpers/round-robin-proxy";
import { startTwoStores, type TwoStores } from "../helpers/two-stores";
import { readSse } from "../helpers/sse";

/**
 * Two instances of the built store on one PostgreSQL database, behind a round-robin proxy
 * (TRUST_PROXY set): a shopper's session, cart, checkout and live updates work whichever
 * instance serves each request (docs/decisions/031-load-test-and-two-instances.md). Two
 * instances need PostgreSQL; the test makes its own database on TEST_DATABASE_URL's server, or
 * on this machine's (postgres://postgres@127.0.0.1:5432) when that is unset, and drops it after.
 * Needs `npm run build` first.
 */

const ADMIN = "admin@two.test";
const SHOPPER = "shopper@two.test";
/** The shopper's address as the proxy reports it; the instances must take it from X-Forwarded-For. */
const CLIENT_ADDRESS = "203.0.113.7";
const CHECKOUT_RATE_LIMIT = 4;

let s3: FakeS3;
let smtp: FakeSmtp;
let a: Started;
let b: Started;
let proxy: RoundRobinProxy;
let two: TwoStores;

beforeAll(async () => {
  two = await startTwoStores({
    name: "two",
    adminEmail: ADMIN,
    clientAddress: CLIENT_ADDRESS,
    env: { CHECKOUT_RATE_LIMIT: String(CHECKOUT_RATE_LIMIT), LOG_LEVEL: "info" },
  });
  ({ s3, smtp, a, b, proxy } = two);
}, 300_000);

afterAll(() => two?.stop(), 60_000);

/** A browser that keeps its cookies and talks to the store through the proxy only. */
class Browser {
  readonly cookies = new Map<string, string>();

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${proxy.url}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    if ((init.method ?? "GET") !== "GET") headers.set("origin", proxy.url);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(pair.slice(0, at).trim());
      else this.cookies.set(pair.slice(0, at).trim(), value);
    }
    return res;
  }

  /** The same request, sent through the proxy until the given instance serves it next. */
  async on(instance: "A" | "B", pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    if (proxy.next !== instance) await fetch(`${proxy.url}/healthz`);
    expect(proxy.next).toBe(instance);
    const res = await this.request(pathOrUrl, init);
    expect(res.headers.get("x-served-by")).toBe(instance);
    return res;
  }

  json(instance: "A" | "B", path: string, body: unknown) {
    return this.on(instance, path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }
}

async function signedIn(email: string, signUpOn: "A" | "B"): Promise<Browser> {
  const browser = new Browser();
  const before = smtp.inbox.length;
  const signUp = await browser.json(signUpOn, "/api/auth/sign-up/email", { name: "", email, password: GOOD_PASSWORD });
  expect(signUp.status).toBe(200);
  const mail = await smtp.waitFor(email, { after: before, timeoutMs: 30_000 });
  const verified = await browser.on(signUpOn === "A" ? "B" : "A", linkIn(mail, `${proxy.url}/api/auth/verify-email`));
  expect(verified.status).toBe(302);
  const signIn = await browser.json(signUpOn, "/api/auth/sign-in/email", { email, password: GOOD_PASSWORD });
  expect(signIn.status).toBe(200);
  return browser;
}

describe("two instances behind a round-robin proxy", () => {
  let shopper: Browser;
  let admin: Browser;
  let addressId: string;
  let productId: string;

  it("each instance learns of the other at start-up, and with S3 neither warns about pictures (decision 044)", async () => {
    const heard = (output: string) =>
      output.split("\n").filter((line) => line.includes('"msg":"another instance of the store uses this database'));
    await expect.poll(() => heard(a.output()).length + heard(b.output()).length).toBe(2);
    for (const output of [a.output(), b.output()]) {
      expect(heard(output)).toEqual([expect.stringContaining('"level":30')]);
      expect(output).not.toContain("keeps pictures on its own disk");
    }
  });

  it("signs up on one instance, verifies on the other; the session cookie works on both, and the client address is the proxy's report", async () => {
    shopper = await signedIn(SHOPPER, "A");
    for (const instance of ["A", "B"] as const) {
      const session = await (await shopper.on(instance, "/api/auth/get-session")).json();
      expect(session?.user?.email).toBe(SHOPPER);
      expect((await shopper.on(instance, "/orders")).status).toBe(200);
    }
    const [row] = await two.query<{ ip: string }>(
      "select s.ip_address as ip from sessions s join users u on u.id = s.user_id where u.email = $1",
      [SHOPPER],
    );
    expect(row.ip).toBe(CLIENT_ADDRESS);
    // Both instances served the walk, alternately.
    expect(new Set(proxy.served.map((s) => s.by))).toEqual(new Set(["A", "B"]));
  }, 60_000);

  it("the administrator adds a product with a picture on B: the picture is in the shared bucket, and A serves the product", async () => {
    admin = await signedIn(ADMIN, "B");
    const stream = readSse(await shopper.on("A", "/api/events"));
    try {
      const add = await admin.on("B", "/admin/add-product", {
        method: "POST",
        body: productForm(
          { ...validFields, title: "Two Instance Coat", stockCount: "5" },
          { files: [imageFile(await png("#2f4f4f"), "coat.png")] },
        ),
      });
      expect(add.status).toBe(302);
      const [row] = await two.query<{ id: string; image_urls: string[] }>(
        "select id, image_urls from products where title = $1",
        ["Two Instance Coat"],
      );
      productId = row.id;
      // A live notice of B's change reaches the stream A holds (PostgreSQL LISTEN/NOTIFY).
      expect(await stream.nextData(15_000)).toEqual({ type: "product.added", productId });
      const key = row.image_urls[0].replace(`${s3.url}/images/`, "");
      expect([...s3.objects.keys()].filter((k) => k.startsWith(key))).toHaveLength(3);
      const page = await (await shopper.on("A", `/product/${productId}`)).text();
      expect(page).toContain("Two Instance Coat");
      expect(page).toContain(`${s3.url}/images/${key}`);
    } finally {
      await stream.close();
    }
  }, 60_000);

  it("keeps an address and prices the cart alike on both", async () => {
    const saved = await shopper.on("B", "/addresses", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "create",
        name: "Sam Shopper",
        phone: "555-0100",
        street: "1 Main Street",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "United States",
        isDefault: "on",
      }).toString(),
    });
    expect(saved.status).toBe(200);
    const [row] = await two.query<{ id: string }>(
      "select a.id from addresses a join users u on u.id = a.user_id where u.email = $1",
      [SHOPPER],
    );
    addressId = row.id;
    const lines = [{ productId, selectedSize: "S", color: null, quantity: 2 }];
    const onA = await shopper.json("A", "/api/cart/quote", { lines });
    const onB = await shopper.json("B", "/api/cart/quote", { lines });
    expect(onA.status).toBe(200);
    expect(await onB.json()).toEqual(await onA.json());
  }, 60_000);

  it("pays by card across both: started on A, the sandbox page on B, paid on A, the order on both and heard live on B's stream", async () => {
    const stream = readSse(await shopper.on("B", "/api/events"));
    try {
      const lines = [{ productId, selectedSize: "S", color: null, quantity: 2 }];
      const started = await shopper.json("A", "/api/create-stripe-session", {
        lines,
        shippingAddressId: addressId,
        sameAsShipping: true,
      });
      expect(started.status).toBe(200);
      const { id: sessionId } = (await started.json()) as { id: string };
      expect((await shopper.on("B", `/sandbox/checkout/${sessionId}`)).status).toBe(200);
      const paid = await shopper.json("A", `/api/sandbox/checkout/${sessionId}/pay`, {});
      const outcome = (await paid.json()) as { status: string; orderId: string };
      expect(outcome.status).toBe("paid");
      // B's stream hears the order and, since the payment took stock, the product's change.
      const heard: unknown[] = [];
      while (heard.length < 2) heard.push(await stream.nextData(15_000));
      expect(heard).toEqual(
        expect.arrayContaining([
          { type: "order.created", orderId: outcome.orderId, userId: expect.any(String) },
          { type: "product.updated", productId },
        ]),
      );

      for (const instance of ["A", "B"] as const) {
        const check = await paymentResult(await shopper.on(instance, `/api/checkout/stripe-session/${sessionId}`));
        expect(check).toEqual({ outcome: "paid", status: "paid", id: sessionId, orderId: outcome.orderId });
        expect(await (await shopper.on(instance, "/orders")).text()).toContain(orderNumber(outcome.orderId));
      }
      const [stock] = await two.query<{ n: number }>("select stock_count as n from products where id = $1", [
        productId,
      ]);
      expect(stock.n).toBe(3);
    } finally {
      await stream.close();
    }
  }, 60_000);

  it("pays with the wallet across both: created on B, approved on A, captured on B", async () => {
    const lines = [{ productId, selectedSize: "M", color: null, quantity: 1 }];
    const created = await shopper.json("B", "/api/create-paypal-order", {
      lines,
      shippingAddressId: addressId,
      sameAsShipping: true,
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await shopper.json("A", `/api/sandbox/paypal/${id}/approve`, {})).status).toBe(200);
    const captured = (await (await shopper.json("B", "/api/capture-paypal-order", { orderId: id })).json()) as {
      status: string;
      orderId: string;
    };
    expect(captured.status).toBe("COMPLETED");
    const orders = await two.query<{ n: number }>("select count(*)::int as n from orders");
    expect(orders[0].n).toBe(2);
  }, 60_000);

  it("counts payment starts per shopper across both instances: the limit is shared", async () => {
    // Two starts so far (card, wallet); the rest of the limit, alternating instances, then a refusal wherever it lands.
    const lines = [{ productId, selectedSize: "S", color: null, quantity: 1 }];
    const statuses: number[] = [];
    for (let i = 0; i < CHECKOUT_RATE_LIMIT - 1; i++) {
      const res = await shopper.json(i % 2 ? "B" : "A", "/api/create-stripe-session", {
        lines,
        shippingAddressId: addressId,
        sameAsShipping: true,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(CHECKOUT_RATE_LIMIT - 2).fill(200), 429]);
  }, 60_000);

  it("signing out on A closes the live stream B holds for that session", async () => {
    const stream = readSse(await shopper.on("B", "/api/events"));
    const stale = new Browser();
    for (const [name, value] of shopper.cookies) stale.cookies.set(name, value);
    const out = await shopper.json("A", "/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(await stream.nextData(15_000)).toBeNull();
    // The old cookie is worth nothing on either instance now.
    for (const instance of ["B", "A"] as const)
      expect(await (await stale.on(instance, "/api/auth/get-session")).json()).toBeNull();
  }, 60_000);
});
