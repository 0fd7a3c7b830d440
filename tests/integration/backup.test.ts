import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPglite } from "../../server/db/client";
import { products, sessions, users } from "../../server/db/schema";
import { png } from "../helpers/admin";
import { killRunning, startStore } from "../helpers/process";
import { insertOrder } from "../helpers/reviews";
import { migratedDataDir } from "../helpers/data-dir";

afterEach(killRunning);

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "build/server-main/cli.js");
const ADMIN = "admin@example.com";
const PASSWORD = "Velvet-Harbor-42";

/** `npm run store -- …` as a child process: the built command line, no tsx. */
function store(
  dataDir: string,
  args: string[],
  stdin?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: dataDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", DEMO_DATA: "0", LOG_LEVEL: "warn" } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? "");
    if (stdin === undefined) child.stdin!.destroy();
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("a backup taken while the store serves traffic", () => {
  it("restores to the same products, accounts, sessions, orders and images", async () => {
    const dataDir = migratedDataDir("store-backup-");
    // Before the first start: the administrator, a product with two pictures (imported), an order.
    expect((await store(dataDir, ["create-admin"], PASSWORD)).code).toBe(0);
    const csvDir = path.join(dataDir, "import");
    mkdirSync(csvDir);
    writeFileSync(path.join(csvDir, "front.png"), await png("#c2b280"));
    writeFileSync(path.join(csvDir, "back.png"), await png("#1f2a44"));
    writeFileSync(
      path.join(csvDir, "products.csv"),
      "title,category,price,description,sizes,colours,stock,images\nBackup Dress,Dress,89.50,Light linen,S|M,Sand #c2b280 @2,7,front.png|back.png\n",
    );
    const imported = await store(dataDir, ["import-products", "--allow-local-images", "import/products.csv"]);
    expect(imported.code, imported.stderr).toBe(0);
    const before = await (async () => {
      const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
      try {
        const [product] = await database.db.select().from(products);
        const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN));
        const orderId = await insertOrder(database.db, admin.id, [product.id], "shipped");
        return { product, orderId };
      } finally {
        await database.close();
      }
    })();

    const first = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(first.child.exitCode, first.output()).toBeNull();
    const origin = `http://localhost:${new URL(first.url).port}`;
    const signIn = await fetch(`${first.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    const imageUrl = `${before.product.imageUrls[0]}-640.webp`;

    // Traffic while the backup is taken: pages, pictures, a signed-in page, and new accounts written.
    let flowing = true;
    let requests = 0;
    let registered = 0;
    let firstRoundAnswered = () => {};
    const answering = new Promise<void>((resolve) => {
      firstRoundAnswered = resolve;
    });
    const traffic = (async () => {
      for (let i = 0; flowing; i++) {
        const answers = await Promise.all([
          fetch(`${first.url}/`),
          fetch(`${first.url}/product/${before.product.id}`),
          fetch(`${first.url}${imageUrl}`),
          fetch(`${first.url}/orders`, { headers: { cookie } }),
          // Past AUTH_RATE_LIMIT sign-ups a minute these answer 429; the first ones write accounts.
          fetch(`${first.url}/api/auth/sign-up/email`, {
            method: "POST",
            headers: { "content-type": "application/json", origin },
            body: JSON.stringify({ name: "", email: `during-${i}@example.com`, password: "Quiet-Meadow-77" }),
          }),
        ]);
        for (const answer of answers) await answer.arrayBuffer();
        expect(answers.slice(0, 4).map((a) => a.status)).toEqual([200, 200, 200, 200]);
        if (answers[4].status === 200) registered++;
        requests += answers.length;
        firstRoundAnswered();
      }
    })();
    // The backup starts once the traffic is flowing: its first round answered (or failed).
    await Promise.race([answering, traffic]);
    const backup = await store(dataDir, ["backup", "store.tar.gz"]);
    flowing = false;
    await traffic;
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toContain("The store is running: it made the backup while serving.");
    expect(requests).toBeGreaterThan(0);
    expect(registered).toBeGreaterThan(0);

    // A restore is refused while the store runs.
    const refused = await store(dataDir, ["restore", "store.tar.gz"]);
    expect(refused.code).toBe(3);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);

    // Everything lost: the database, the images, the generated signing secret.
    for (const name of ["pglite", "media", "auth-secret"])
      rmSync(path.join(dataDir, name), { recursive: true, force: true });
    const restored = await store(dataDir, ["restore", "store.tar.gz"]);
    expect(restored.code, restored.stderr).toBe(0);

    const second = await startStore({ DATA_DIR: dataDir, DEMO_DATA: "0" });
    expect(second.child.exitCode, second.output()).toBeNull();
    const product = await fetch(`${second.url}/product/${before.product.id}`);
    expect(product.status).toBe(200);
    expect(await product.text()).toContain("Backup Dress");
    for (const url of before.product.imageUrls) {
      const image = await fetch(`${second.url}${url}-640.webp`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/webp");
    }
    // The session cookie taken before the backup still signs the administrator in.
    const session = (await (await fetch(`${second.url}/api/auth/get-session`, { headers: { cookie } })).json()) as {
      user?: { email: string };
    };
    expect(session.user?.email).toBe(ADMIN);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    const exported = await store(dataDir, ["export-orders", "orders.csv"]);
    expect(exported.code, exported.stderr).toBe(0);
    const [, ...orders] = parse(readFileSync(path.join(dataDir, "orders.csv"), "utf8")) as string[][];
    expect(orders.map((o) => [o[0], o[4]])).toEqual([[before.orderId, "shipped"]]);

    const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [restoredProduct] = await database.db.select().from(products);
      expect(restoredProduct).toEqual(before.product);
      const accounts = await database.db.select({ email: users.email }).from(users);
      // The administrator, and the accounts registered during the backup up to its moment.
      expect(accounts.map((a) => a.email)).toContain(ADMIN);
      expect(accounts.length).toBeGreaterThanOrEqual(1);
      expect(accounts.length).toBeLessThanOrEqual(1 + registered);
      expect((await database.db.select().from(sessions)).length).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 300_000);
});
