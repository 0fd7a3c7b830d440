import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { ADMIN_UPLOAD_LIMIT, DEFAULT_BODY_LIMIT, REVIEW_BODY_LIMIT } from "../../server/http/body-limits";
import { type AdminTest, startAdminTest } from "../helpers/admin";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";
import { insertProducts } from "../helpers/products";
import { listen } from "../helpers/socket";

/**
 * Finding 13: one small body limit on every route, page actions and their `.data` requests
 * included, and larger ones only where uploads need them; paths match whatever their case.
 * Over the limit: 413, nothing more is read, memory stays flat. (The upload pages' own checks
 * are in tests/integration/admin-products.test.ts; the cart's 32 KB in cart-api.test.ts.)
 */

let database: DatabaseHandle;
let t: TestApp;
let productId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp(database);
  [{ id: productId }] = await insertProducts(database.db, [{ title: "Limit dress" }]);
});
afterAll(() => database.close());

const OVER_DEFAULT = DEFAULT_BODY_LIMIT + 6 * 1024;

function post(path: string, body: string, type = "application/x-www-form-urlencoded") {
  return t.app.request(`http://store.test${path}`, {
    method: "POST",
    headers: { "content-type": type, origin: "http://store.test" },
    body,
  });
}

const form = (size: number) => `email=a%40example.com&password=${"x".repeat(size)}`;

describe("the default limit", () => {
  it.each([
    "/login",
    "/login.data",
    "/LOGIN",
    "/register",
    "/Register.data",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/addresses",
    "/addresses.data",
    "/profile",
    "/logout",
    "/admin",
    "/admin.data",
    "/ADMIN",
    "/checkout",
    "/sandbox/checkout/abc",
    "/about",
    "/no/such/page",
  ])("refuses a %s post over 64 KB with 413", async (path) => {
    const res = await post(path, form(OVER_DEFAULT));
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The request is too large.");
  });

  it.each([
    "/api/auth/sign-in/email",
    "/API/auth/sign-up/email",
    "/api/create-paypal-order",
    "/api/verify-paypal-order",
    "/api/cart/quote",
  ])("refuses a JSON post to %s over 64 KB with 413", async (path) => {
    const res = await post(path, JSON.stringify({ padding: "x".repeat(OVER_DEFAULT) }), "application/json");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body too large" });
  });

  it("lets a form under the limit through to the page", async () => {
    const res = await post("/login", form(1024));
    expect(res.status).not.toBe(413);
  });
});

describe("the review limit on product pages, whatever the case", () => {
  it.each(["/product/ID", "/PRODUCT/ID", "/Product/ID.data", "//product//ID"])("%s: 32 KB", async (template) => {
    const path = template.replace("ID", productId);
    const res = await post(path, `intent=review&rating=5&text=${"a".repeat(REVIEW_BODY_LIMIT + 1024)}`);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The review is too long to send.");
  });
});

describe("the upload pages", () => {
  it.each(["/admin/add-product", "/ADMIN/ADD-PRODUCT", "/admin/edit-product/x.data"])(
    "%s admits a body of a few megabytes to the page (which then checks who is asking)",
    async (path) => {
      const boundary = "b0undary";
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(2 * 1024 * 1024)}\r\n--${boundary}--\r\n`;
      const res = await post(path, body, `multipart/form-data; boundary=${boundary}`);
      // A visitor: the action refuses before reading the body, not the limit.
      expect(res.status).toBe(401);
    },
  );

  it("refuses a declared 60 MB upload with 413 before reading it", async () => {
    const res = await t.app.request("http://store.test/Admin/Add-Product", {
      method: "POST",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(60 * 1024 * 1024),
        origin: "http://store.test",
      },
      body: "--x--",
    });
    expect(res.status).toBe(413);
  });
});

/** A multipart body of `total` bytes without a declared length, as a chunked upload; counts what was pulled. */
function endlessUpload(total: number) {
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  let pulled = 0;
  const head = new TextEncoder().encode(
    '--b\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
  );
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}

describe("a chunked upload (no declared length) to the upload pages", () => {
  let admin: AdminTest;
  beforeAll(async () => {
    admin = await startAdminTest();
  }, 120_000);
  afterAll(() => admin.stop());

  const upload = (who: "visitor" | "shopper" | "admin", body: ReadableStream<Uint8Array>) =>
    admin[who].request("/Admin/Add-Product", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      body,
      duplex: "half",
    } as RequestInit);

  it.each([
    ["visitor", 401],
    ["shopper", 403],
  ] as const)("from a %s is refused (%i) having read next to nothing of it", async (who, status) => {
    const stream = endlessUpload(200 * 1024 * 1024);
    const res = await upload(who, stream.body);
    expect(res.status).toBe(status);
    expect(stream.pulled()).toBeLessThan(4 * 1024 * 1024);
  });

  it("from the administrator is read only up to the limit, answered 413, and stores nothing", async () => {
    const before = (await admin.t.services.adminCatalog.listProducts({ page: 1, pageSize: 100 })).total;
    const stream = endlessUpload(200 * 1024 * 1024);
    const res = await upload("admin", stream.body);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The upload is too large: at most 5 images of 10 MB each.");
    expect(stream.pulled()).toBeLessThan(ADMIN_UPLOAD_LIMIT + 4 * 1024 * 1024);
    expect((await admin.t.services.adminCatalog.listProducts({ page: 1, pageSize: 100 })).total).toBe(before);
  });
});

describe("over a real socket", () => {
  /**
   * Streams a body of up to `total` bytes in 64 KB chunks (chunked, or with a declared length)
   * and stops when the answer comes; reports how much the server let the client write.
   */
  function stream(
    port: number,
    path: string,
    total: number,
    declared: boolean,
  ): Promise<{ status: number; written: number }> {
    return new Promise((resolve, reject) => {
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let written = 0;
      let answered = false;
      const headers: Record<string, string> = {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://127.0.0.1:${port}`,
      };
      if (declared) headers["content-length"] = String(total);
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
        answered = true;
        res.resume();
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, written });
        });
      });
      req.on("error", (error) => {
        // The server may close the connection on the rest of the body once it has answered.
        if (!answered) reject(error);
      });
      const pump = () => {
        while (!answered && written < total) {
          written += chunk.length;
          if (!req.write(chunk)) {
            req.once("drain", pump);
            return;
          }
        }
        if (!answered) req.end();
      };
      pump();
    });
  }

  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(t.app);
  });
  afterAll(() => server.close());

  it.each([
    ["a declared 200 MB body", true],
    ["a chunked body that never ends", false],
  ])(
    "%s to a page is answered 413 after at most the limit is read, and memory stays flat",
    async (_label, declared) => {
      global.gc?.();
      const before = process.memoryUsage().rss;
      const { status, written } = await stream(server.port, "/LOGIN", 200 * 1024 * 1024, declared);
      expect(status).toBe(413);
      // The client could write only what socket buffers hold before the answer came: nowhere near 200 MB.
      expect(written).toBeLessThan(32 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    },
  );
});
