import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { type FakeSmtp, linkIn, startFakeSmtp } from "../fakes/smtp";
import { GOOD_PASSWORD, userByEmail } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { listen, type RawResponse, send } from "../helpers/socket";

/**
 * Finding 1: the store on a public https address, reached over plain HTTP through a
 * TLS-terminating reverse proxy. Every page form action works with the browser's Origin
 * (React Router compares it with request.url), and a foreign origin is still refused.
 * Requests go over a real socket so the Host header is exactly what a proxy sends.
 */

const PUBLIC = "https://shop.example";

let database: DatabaseHandle;
let smtp: FakeSmtp;

/** A browser behind the proxy: keeps cookies, sends what the proxy forwards. */
class ProxiedBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly port: number,
    private readonly forwarded: Record<string, string>,
    private readonly origin = PUBLIC,
  ) {}

  async request(
    method: string,
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<RawResponse> {
    const all: Record<string, string> = { ...this.forwarded, ...headers };
    if (method !== "GET") all.origin ??= this.origin;
    if (this.cookies.size) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const body = form ? new URLSearchParams(form).toString() : undefined;
    if (body !== undefined) all["content-type"] = "application/x-www-form-urlencoded";
    const res = await send(this.port, { method, path, headers: all, body });
    for (const cookie of res.cookies) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return res;
  }

  post(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request("POST", path, form, headers);
  }

  get(path: string) {
    return this.request("GET", path);
  }

  hasSession() {
    return [...this.cookies.keys()].some((k) => k.endsWith("session_token"));
  }
}

interface Setup {
  t: TestApp;
  port: number;
  close(): Promise<void>;
}

async function store(env: Record<string, string> = {}): Promise<Setup> {
  const t = await createTestApp(database, {
    env: { PUBLIC_URL: PUBLIC, SMTP_URL: smtp.url, ...env },
  });
  const server = await listen(t.app);
  return { t, port: server.port, close: server.close };
}

/** Registers through the page form, opens the e-mailed link, signs in through the page form. */
async function signUpAndIn(s: Setup, browser: ProxiedBrowser, email: string) {
  const before = smtp.inbox.length;
  const registered = await browser.post("/register", {
    email,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
  });
  expect(registered.status, registered.text.slice(0, 200)).toBe(302);
  expect(registered.headers.location).toMatch(/^\/login/);
  await s.t.services.mail.worker.runOnce();
  const link = new URL(linkIn(await smtp.waitFor(email, { after: before }), `${PUBLIC}/api/auth/verify-email`));
  const verified = await browser.get(link.pathname + link.search);
  expect(verified.status).toBe(302);

  const signedIn = await browser.post("/login", { email, password: GOOD_PASSWORD });
  expect(signedIn.status, signedIn.text.slice(0, 200)).toBe(302);
  expect(browser.hasSession()).toBe(true);
  // The session cookie is a Secure one: the browser is on https.
  expect([...browser.cookies.keys()].some((k) => k.startsWith("__Secure-"))).toBe(true);
}

const ADDRESS = {
  intent: "create",
  name: "Home",
  phone: "555 010 2030",
  street: "1 Main St",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
};

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp.stop();
  await database.close();
});

describe.each([
  [
    "a proxy that passes Host (TRUST_PROXY unset)",
    {},
    (_port: number) => ({ host: "shop.example", "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.7" }),
    "one",
  ],
  [
    "a trusted proxy that passes its upstream address as Host (TRUST_PROXY=loopback)",
    { TRUST_PROXY: "loopback" },
    (port: number) => ({ host: `127.0.0.1:${port}`, "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.8" }),
    "two",
  ],
])("behind %s", (_label, env, forwardedHeaders, tag) => {
  let s: Setup;
  let forwarded: Record<string, string>;
  beforeAll(async () => {
    s = await store({ ...env, ADMIN_EMAIL: `admin-${tag}@example.com` });
    forwarded = forwardedHeaders(s.port);
  });
  afterAll(() => s.close());

  it("register, verify, login, addresses (document and .data posts) and sign-out all work", async () => {
    const shopper = new ProxiedBrowser(s.port, forwarded);
    const email = `shopper-${tag}@example.com`;
    await signUpAndIn(s, shopper, email);

    const added = await shopper.post("/addresses", ADDRESS);
    expect(added.status).toBe(200);
    expect(added.text).toContain("Address added successfully!");
    const addedData = await shopper.post("/addresses.data", { ...ADDRESS, name: "Work" });
    expect(addedData.status).toBe(200);
    const userId = (await userByEmail(database, email)).id;
    expect((await s.t.services.accounts.listAddresses(userId)).map((a) => a.name)).toEqual(["Home", "Work"]);

    const profile = await shopper.post("/profile", { firstName: "Ada", lastName: "Lovelace", phone: "555 010 2030" });
    expect(profile.status).toBe(200);

    const out = await shopper.post("/logout", {});
    expect(out.status).toBe(302);
    expect(shopper.hasSession()).toBe(false);
  });

  it("the administrator's actions work", async () => {
    const admin = new ProxiedBrowser(s.port, forwarded);
    await signUpAndIn(s, admin, `admin-${tag}@example.com`);
    const [product] = await insertProducts(database.db, [{ title: `Proxy tee ${tag}` }]);
    const deleted = await admin.post("/admin", { intent: "delete-product", productId: product.id });
    expect(deleted.status, deleted.text.slice(0, 200)).toBe(200);
    expect(deleted.text).toContain("Product deleted successfully!");
    expect(await s.t.services.catalog.getProduct(product.id)).toBeUndefined();
  });

  it("better-auth's own endpoints accept the public origin", async () => {
    const res = await send(s.port, {
      method: "POST",
      path: "/api/auth/sign-in/email",
      headers: { ...forwarded, origin: PUBLIC, "content-type": "application/json" },
      body: JSON.stringify({ email: `shopper-${tag}@example.com`, password: GOOD_PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["the store's name over plain http", "http://shop.example"],
    ["the upstream address", "http://127.0.0.1"],
    ["an opaque origin", "null"],
  ])("refuses a form post from %s, changing nothing", async (_what, origin) => {
    const visitor = new ProxiedBrowser(s.port, forwarded, origin);
    const email = `csrf-${tag}-${origin.replace(/\W/g, "")}@example.com`;
    const res = await visitor.post("/register", { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(res.status).toBe(403);
    expect(await userByEmail(database, email)).toBeUndefined();
    const login = await visitor.post("/login", { email: `shopper-${tag}@example.com`, password: GOOD_PASSWORD });
    expect(login.status).toBe(403);
    expect(visitor.hasSession()).toBe(false);
  });
});

describe("without a proxy in between", () => {
  it("a direct request on another name keeps its own origin: its own Origin works, the public one is not taken on trust", async () => {
    const s = await store();
    try {
      const direct = { host: `127.0.0.1:${s.port}` };
      const own = await send(s.port, {
        method: "POST",
        path: "/login",
        headers: {
          ...direct,
          origin: `http://127.0.0.1:${s.port}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email: "nobody@example.com", password: "wrong-password-1" }).toString(),
      });
      // Reaches the action: a refused sign-in, not a refused request.
      expect(own.status).toBe(401);
      // X-Forwarded-Proto from a peer nobody trusts changes nothing.
      const spoofed = await send(s.port, {
        method: "POST",
        path: "/login",
        headers: {
          ...direct,
          "x-forwarded-proto": "https",
          origin: "https://evil.example",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "email=a%40example.com&password=x",
      });
      expect(spoofed.status).toBe(403);
    } finally {
      await s.close();
    }
  });
});
