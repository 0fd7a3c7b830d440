import { type IncomingHttpHeaders, request } from "node:http";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { notifyPayload } from "../../server/events/pg-relay";
import { type TcpProxy, startTcpProxy } from "../fakes/tcp-proxy";
import { GOOD_PASSWORD, PUBLIC_URL } from "../helpers/accounts";
import { type PaymentsTest, type Shopper, shopper, startPaymentsTest } from "../helpers/payments";
import { killRunning, type Started } from "../helpers/process";
import { insertProducts } from "../helpers/products";
import { readSse } from "../helpers/sse";
import { AUTH_SECRET, asBrowser, eventually, startStoreProcess } from "./store";

/**
 * Issue 13, point 8 (docs/faults.md): PostgreSQL goes away while the store serves, and comes
 * back. A TCP proxy between the store process and the database plays the restart (the machine's
 * server is shared and is not touched). While it is down: /readyz answers 503, a page the
 * store's 503 page with Retry-After, a JSON endpoint a 503 JSON, a form the 503 page and no change,
 * a signed-in shopper's new live stream a 503 JSON, /healthz 200, and the process stays up. When
 * it is back, everything works again without a restart: the pool reconnects, and so does the
 * live events' LISTEN connection (a "resync", then other instances' notices flow again).
 */

let test: PaymentsTest;
let ada: Shopper;
let proxy: TcpProxy;
let store: Started;
let dress: string;
let notifier: pg.Client;

beforeAll(async () => {
  test = await startPaymentsTest({ env: { AUTH_SECRET } });
  ada = await shopper(test, "ada-restart@example.com");
  [{ id: dress }] = await insertProducts(test.database.db, [
    { title: "Outage Dress", priceCents: 3000, sizes: ["M"], colors: [], stockCount: 5 },
  ]);
  const url = new URL(test.database.connectionString!);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  // At debug, a background pass that meets the outage says so (the test waits for one).
  store = await startStoreProcess(test.database, {
    DATABASE_URL: url.toString(),
    SMTP_URL: test.smtp.url,
    LOG_LEVEL: "debug",
  });
  // Another instance of the store, as far as the relay can tell: it speaks to PostgreSQL directly.
  notifier = new pg.Client({ connectionString: test.database.connectionString });
  await notifier.connect();
});
afterAll(async () => {
  killRunning();
  await notifier?.end();
  await proxy?.stop();
  await test.stop();
});
afterEach((context) => {
  if (context.task.result?.state === "fail") console.log(store.output());
});

const notifyFromAnotherInstance = () =>
  notifier.query("select pg_notify('store_events', $1)", [
    notifyPayload("another-instance", { type: "product.updated", productId: dress }),
  ]);

/** Notices from another instance until one arrives on the stream (the relay may still be connecting). */
async function aNoticeArrives(stream: ReturnType<typeof readSse>) {
  return eventually(async () => {
    await notifyFromAnotherInstance();
    const data = (await stream.dataWithin(1_000)) as { type: string }[];
    return data.find((d) => d.type === "product.updated");
  }, "a live notice from another instance");
}

/**
 * A form posted to a page as Ada's browser sends it, for the store's public address (Host and
 * Origin http://store.test, which fetch() may not set): React Router checks the two agree.
 */
function postForm(pathname: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = request(
      `${store.url}${pathname}`,
      {
        method: "POST",
        headers: {
          host: new URL(PUBLIC_URL).host,
          origin: PUBLIC_URL,
          cookie: [...ada.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const quote = () =>
  asBrowser(ada.browser.cookies).postJson(`${store.url}/api/cart/quote`, {
    lines: [{ productId: dress, selectedSize: "M", quantity: 1 }],
  });

describe("PostgreSQL restarted while the store serves", () => {
  it("answers 503 everywhere while it is down, stays up, and recovers by itself with live updates flowing again", async () => {
    // Up: ready, pages, JSON, live notices from other instances.
    expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
    expect(await (await fetch(`${store.url}/`)).text()).toContain("Outage Dress");
    expect((await quote()).status).toBe(200);
    const stream = readSse(await fetch(`${store.url}/api/events`));
    expect(await aNoticeArrives(stream)).toEqual({ type: "product.updated", productId: dress });

    await proxy.cut();

    const ready = await eventually(async () => {
      const res = await fetch(`${store.url}/readyz`);
      return res.status === 503 ? res : undefined;
    }, "/readyz to report the database");
    expect(await ready.json()).toMatchObject({ status: "database unavailable" });

    const page = await fetch(`${store.url}/`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Back in a moment");
    expect(html).toContain("The shop is briefly unavailable. Please try again in a moment.");
    expect(html).not.toContain("ECONNREFUSED");

    const productPage = await fetch(`${store.url}/product/${dress}`);
    expect(productPage.status).toBe(503);

    const json = await quote();
    expect(json.status).toBe(503);
    expect(json.headers.get("retry-after")).toBe("5");
    expect(await json.json()).toEqual({ message: "The shop is briefly unavailable. Please try again in a moment." });

    // The accounts' endpoints (better-auth) answer the same.
    const signIn = await fetch(`${store.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: PUBLIC_URL, "content-type": "application/json" },
      body: JSON.stringify({ email: ada.email, password: GOOD_PASSWORD }),
    });
    expect(signIn.status).toBe(503);
    expect(await signIn.json()).toEqual({ message: "The shop is briefly unavailable. Please try again in a moment." });

    // The process itself is fine: liveness says so, so nothing restarts it.
    expect((await fetch(`${store.url}/healthz`)).status).toBe(200);

    // A signed-in shopper's new live stream (its session is looked up in the database).
    const newStream = await asBrowser(ada.browser.cookies).get(`${store.url}/api/events`);
    expect(newStream.status).toBe(503);
    expect(await newStream.json()).toEqual({
      message: "Live updates are unavailable right now. Please try again shortly.",
    });

    // A form (a page action): 503, and nothing changed.
    const form = await postForm("/profile", { firstName: "Changed", lastName: "Outage", phone: "" });
    expect(form.status).toBe(503);
    expect(form.headers["retry-after"]).toBe("5");
    expect(form.body).toContain("Back in a moment");
    // A visitor's new live stream needs no database: it opens.
    const visitorStream = await fetch(`${store.url}/api/events`);
    expect(visitorStream.status).toBe(200);
    await visitorStream.body?.cancel();

    // Down until the store has met the outage everywhere: its pool (the one "database unavailable"
    // line), the live events' LISTEN connection (lost) and its background work (a mail worker pass
    // skipped). The process up all along.
    await eventually(async () => {
      const output = store.output();
      return output.includes('"msg":"database unavailable"') &&
        output.includes("live events: lost the LISTEN connection") &&
        output.includes("mail worker pass skipped: the database is unavailable")
        ? true
        : undefined;
    }, "the store to meet the outage on its pool, its LISTEN connection and its mail worker");
    expect(store.child.exitCode).toBeNull();
    await proxy.restore();

    await eventually(
      async () => ((await fetch(`${store.url}/readyz`)).status === 200 ? true : undefined),
      "/readyz to recover",
    );
    // The form changed nothing.
    const [profile] = await test.database.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.email, ada.email));
    expect(profile.firstName).not.toBe("Changed");
    const back = await fetch(`${store.url}/`);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Outage Dress");
    expect((await quote()).status).toBe(200);

    // The live stream stayed open; its LISTEN connection came back, said so, and notices flow again.
    const resync = await eventually(
      async () => ((await stream.dataWithin(1_000)) as { type: string }[]).find((d) => d.type === "resync"),
      "the resync notice",
      45_000,
    );
    expect(resync).toEqual({ type: "resync" });
    expect(await aNoticeArrives(stream)).toEqual({ type: "product.updated", productId: dress });
    await stream.close();

    expect(store.child.exitCode).toBeNull();
    expect(store.output()).toContain("live events: LISTEN connection back");
    expect(store.output()).not.toContain("uncaught");
  });
});
