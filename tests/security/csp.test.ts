import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_LIMITS } from "../../server/http/csp-report";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { capturedLogger } from "../helpers/log-capture";

/**
 * Finding 16: a Content-Security-Policy on every HTML response, with a fresh nonce for React
 * Router's inline scripts and no 'unsafe-inline' for scripts; third-party origins only when
 * configured; a Permissions-Policy; violation reports logged by a bounded, rate-limited
 * endpoint. (Every screen also runs under the policy in the browser: tests/e2e/fixtures.ts.)
 */

let database: DatabaseHandle;
let t: TestApp;
let productId: string;
const { logger, lines: logLines } = capturedLogger("info");

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database, { logger });
  [{ id: productId }] = await insertProducts(database.db, [{ title: "CSP dress" }]);
});
afterAll(() => database.close());

/** The policy as directive -> sources. */
function directives(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function nonceOf(policy: Map<string, string[]>): string {
  const source = policy.get("script-src")!.find((s) => s.startsWith("'nonce-"));
  expect(source).toBeDefined();
  return source!.slice("'nonce-".length, -1);
}

describe("the policy on pages", () => {
  it.each(["/", "/product/ID", "/login", "/register", "/cart", "/about", "/no/such/page"])(
    "%s: every inline script carries this response's nonce",
    async (template) => {
      const res = await t.app.request(template.replace("ID", productId));
      expect(res.headers.get("content-type")).toContain("text/html");
      const policy = directives(res.headers.get("content-security-policy"));
      const nonce = nonceOf(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      // JSON-LD (the product page's structured data) is a data block: browsers never run it, so
      // the policy does not apply to it, and React Router's <Meta> escapes its contents.
      const code = scripts.filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(code.length).toBeGreaterThan(0);
      for (const tag of code) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).not.toMatch(/\son[a-z]+="/);
    },
  );

  it("sends the directives the store relies on, without 'unsafe-inline' for scripts", async () => {
    const res = await t.app.request("/");
    const policy = directives(res.headers.get("content-security-policy"));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("report-uri")).toEqual(["/api/csp-report"]);
    expect(policy.get("report-to")).toEqual(["csp"]);
    expect(res.headers.get("reporting-endpoints")).toBe('csp="/api/csp-report"');
    const permissions = res.headers.get("permissions-policy");
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"])
      expect(permissions).toContain(feature);
  });

  it("gives every response a fresh nonce", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++)
      nonces.add(nonceOf(directives((await t.app.request("/")).headers.get("content-security-policy"))));
    expect(nonces.size).toBe(5);
  });

  it("names no third party when no provider is configured", async () => {
    const header = (await t.app.request("/")).headers.get("content-security-policy")!;
    expect(header).not.toMatch(/paypal|stripe|google|https:/);
  });
});

describe("third-party origins only where configured", () => {
  async function policyWith(env: Record<string, string>) {
    const other = await createTestApp(database, { env, withPages: false });
    return directives((await other.app.request("/healthz")).headers.get("content-security-policy"));
  }

  it("PayPal: its SDK, frames, requests and images", async () => {
    const policy = await policyWith({ PAYPAL_CLIENT_ID: "pid", PAYPAL_CLIENT_SECRET: "psecret" });
    for (const directive of ["script-src", "frame-src", "connect-src", "img-src"]) {
      expect(policy.get(directive)).toContain("https://*.paypal.com");
      expect(policy.get(directive)).toContain("https://*.paypalobjects.com");
    }
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
  });

  it("Stripe: nothing (its hosted Checkout is a top-level navigation; no Stripe script is loaded)", async () => {
    const policy = await policyWith({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    });
    expect([...policy.values()].flat().join(" ")).not.toMatch(/stripe|paypal/);
  });

  it("S3 images: the bucket's public address in img-src", async () => {
    const policy = await policyWith({
      S3_BUCKET: "images",
      S3_ACCESS_KEY_ID: "ak",
      S3_SECRET_ACCESS_KEY: "sk",
      S3_PUBLIC_URL: "https://cdn.example.com/images",
    });
    expect(policy.get("img-src")).toContain("https://cdn.example.com");
    expect(policy.get("script-src")).not.toContain("https://cdn.example.com");
  });

  it("Google sign-in: the login form may redirect to the issuer", async () => {
    const policy = await policyWith({ GOOGLE_CLIENT_ID: "gid", GOOGLE_CLIENT_SECRET: "gsecret" });
    expect(policy.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
  });
});

describe("the violation report endpoint", () => {
  const report = (body: unknown, address: string, type = "application/csp-report") =>
    t.app.request(
      "/api/csp-report",
      // Browsers send reports with an opaque origin; the endpoint changes nothing a victim owns.
      {
        method: "POST",
        headers: { "content-type": type, origin: "null" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );

  it("logs a violation without the page's query string", async () => {
    logLines.length = 0;
    const res = await report(
      {
        "csp-report": {
          "document-uri": "http://store.test/reset-password?token=SECRET-TOKEN",
          "effective-directive": "script-src-elem",
          "blocked-uri": "inline",
        },
      },
      "198.51.100.1",
    );
    expect(res.status).toBe(204);
    const entry = logLines.map((l) => JSON.parse(l)).find((e) => e.msg === "csp violation");
    expect(entry.csp).toMatchObject({
      documentUrl: "http://store.test/reset-password",
      directive: "script-src-elem",
      blockedUrl: "inline",
    });
    expect(logLines.join("")).not.toContain("SECRET-TOKEN");
  });

  it("takes the Reporting API's batches", async () => {
    const res = await report(
      [
        {
          type: "csp-violation",
          body: {
            documentURL: "http://store.test/",
            effectiveDirective: "img-src",
            blockedURL: "https://x.example/a.png",
          },
        },
      ],
      "198.51.100.2",
      "application/reports+json",
    );
    expect(res.status).toBe(204);
  });

  it("refuses a body over its limit, another type and broken JSON", async () => {
    expect((await report({ "csp-report": { pad: "x".repeat(CSP_REPORT_BODY_LIMIT) } }, "198.51.100.3")).status).toBe(
      413,
    );
    expect((await report("hello", "198.51.100.3", "text/plain")).status).toBe(415);
    expect((await report("{nope", "198.51.100.3")).status).toBe(400);
  });

  it("rate-limits one address, leaving others their share", async () => {
    logLines.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i <= CSP_REPORT_LIMITS.perAddress; i++)
      statuses.push((await report({ "csp-report": {} }, "198.51.100.4")).status);
    expect(statuses.slice(0, CSP_REPORT_LIMITS.perAddress).every((s) => s === 204)).toBe(true);
    expect(statuses[CSP_REPORT_LIMITS.perAddress]).toBe(429);
    expect((await report({ "csp-report": {} }, "198.51.100.5")).status).toBe(204);
    expect(logLines.filter((l) => l.includes("csp violation")).length).toBe(CSP_REPORT_LIMITS.perAddress + 1);
  });
});
