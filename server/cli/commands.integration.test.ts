import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../tests/helpers/admin";
import { migratedDataDir } from "../../tests/helpers/data-dir";
import { withDatabase as databaseUrlFor } from "../../tests/helpers/database";
import { insertOrder, insertUser } from "../../tests/helpers/reviews";
import { createAuthService } from "../auth/service";
import { loadConfig } from "../config";
import { type DatabaseHandle, openPglite } from "../db/client";
import { acquireEmbeddedLock } from "../db/embedded-lock";
import { readMigrations } from "../db/migrate";
import { accounts, orderRefunds, products, users } from "../db/schema";
import { createLogger } from "../logger";
import { createMailService } from "../mail/service";
import { runCli } from "./commands";
import type { CliIo } from "./io";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ADMIN = "boss@example.com";
const STRONG = "Velvet-Harbor-42";

function environment(dataDir: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DEMO_DATA: "0",
    PUBLIC_URL: "http://store.test",
    ADMIN_EMAIL: ADMIN,
    LOG_LEVEL: "silent",
  };
}

/** Runs one command line in this process, as `npm run store -- …` would. */
async function run(
  dataDir: string,
  argv: string[],
  options: { stdin?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readStdin: async () => options.stdin,
    cwd: options.cwd ?? dataDir,
  };
  const code = await runCli(argv, io, { ...environment(dataDir), ...options.env });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** An empty DATA_DIR: the command creates and migrates its database (migratedDataDir: one already migrated). */
const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), "store-cli-"));

/** The store's database on `dataDir`, opened as the store opens it, for looking at what a command did. */
async function withStoreDatabase<T>(dataDir: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openPglite({ dataDir: path.join(dataDir, "pglite") });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function authOf(database: DatabaseHandle, dataDir: string) {
  const config = loadConfig(environment(dataDir));
  const logger = createLogger("silent");
  return createAuthService({
    db: database.db,
    config,
    logger,
    mail: createMailService({ db: database.db, config, logger }),
  });
}

const page = () => new Request("http://store.test/login");

describe("npm run store: usage", () => {
  it.each([
    ["no command", [], 2, "Usage: npm run store -- <command>"],
    ["an unknown command", ["frobnicate"], 2, 'Unknown command "frobnicate"'],
    ["a missing argument", ["backup"], 2, "backup takes FILE"],
    ["an extra argument", ["migrate", "now"], 2, "migrate takes no arguments"],
  ])("%s: exit 2 and the usage", async (_, argv, code, message) => {
    const result = await run(newDataDir(), argv);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
  });

  it("help prints every command on standard output", async () => {
    const result = await run(newDataDir(), ["help"]);
    expect(result.code).toBe(0);
    for (const name of [
      "migrate",
      "create-admin",
      "reset-password EMAIL",
      "backup FILE",
      "restore FILE",
      "import-products FILE.csv",
      "export-orders FILE.csv",
    ]) {
      expect(result.out).toContain(name);
    }
  });

  it("a bad setting is named, exit 2", async () => {
    const out: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      readStdin: async () => undefined,
      cwd: os.tmpdir(),
    };
    const code = await runCli(["migrate"], io, { ...environment(newDataDir()), ADMIN_EMAIL: "not-an-address" });
    expect(code).toBe(2);
    expect(out.join("\n")).toContain("ADMIN_EMAIL must be an e-mail address");
  });
});

describe("migrate", () => {
  it("applies every migration once, then finds the database up to date", async () => {
    const dataDir = newDataDir();
    const first = await run(dataDir, ["migrate"]);
    expect(first.code).toBe(0);
    expect(first.out).toContain(`Applied ${readMigrations().length} migration(s)`);
    const second = await run(dataDir, ["migrate"]);
    expect(second).toMatchObject({ code: 0, out: "The database is up to date." });
  }, 60_000);

  it("refuses with exit 3 while a store holds the embedded database", async () => {
    const dataDir = newDataDir();
    const lock = acquireEmbeddedLock(path.join(dataDir, "pglite.lock"));
    try {
      const result = await run(dataDir, ["migrate"]);
      expect(result.code).toBe(3);
      expect(result.err).toContain("in use by another store process");
    } finally {
      lock.release();
    }
  });
});

describe("create-admin and reset-password", () => {
  it("refuses a weak password and creates nothing", async () => {
    const dataDir = newDataDir();
    const result = await run(dataDir, ["create-admin"], { stdin: "password1\n" });
    expect(result).toMatchObject({ code: 1, err: "create-admin: Password is too weak" });
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  }, 60_000);

  it("creates the administrator, verified, with the piped password; signing in works and makes them the administrator", async () => {
    const dataDir = migratedDataDir("store-cli-");
    const result = await run(dataDir, ["create-admin"], { stdin: `${STRONG}\n` });
    expect(result.code).toBe(0);
    expect(result.out).toContain(`The administrator account ${ADMIN} was created.`);
    expect(result.out).not.toContain(STRONG);
    await withStoreDatabase(dataDir, async (database) => {
      const [user] = await database.db.select().from(users).where(eq(users.email, ADMIN));
      expect(user.emailVerified).toBe(true);
      const auth = authOf(database, dataDir);
      const signIn = await auth.signIn(page(), { email: ADMIN, password: STRONG });
      expect(signIn.ok).toBe(true);
      const viewer = await auth.viewer(
        new Request("http://store.test/", {
          headers: { cookie: signIn.cookies.map((c) => c.split(";")[0]).join("; ") },
        }),
      );
      expect(viewer?.isAdmin).toBe(true);
    });
  }, 60_000);

  it("without a password (an empty standard input) prints a one-time set-password link that the reset page accepts once", async () => {
    const dataDir = migratedDataDir("store-cli-");
    const result = await run(dataDir, ["create-admin"], { stdin: "\n" });
    expect(result.code).toBe(0);
    const link = result.out.split("\n").find((line) => line.startsWith("http"));
    expect(link).toMatch(/^http:\/\/store\.test\/api\/auth\/reset-password\/\w+\?callbackURL=%2Freset-password$/);
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      // The link leads to the store's reset page with the token, as the e-mailed link does.
      const opened = await auth.handler(new Request(link!));
      const target = new URL(opened.headers.get("location")!, "http://store.test");
      expect(target.pathname).toBe("/reset-password");
      const token = target.searchParams.get("token")!;
      expect((await auth.resetPassword(page(), { token, password: STRONG })).ok).toBe(true);
      expect((await auth.resetPassword(page(), { token, password: "Another-Harbor-43" })).ok).toBe(false);
      expect((await auth.signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
    });
  }, 60_000);

  it("promotes an existing unverified account only after removing the password and sessions its registrant made; a piped password is then the way in", async () => {
    const dataDir = migratedDataDir("store-cli-");
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      // Anyone may have registered ADMIN_EMAIL before the operator (issue 21, finding 1).
      expect((await auth.signUp(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(true);
    });
    const promoted = await run(dataDir, ["create-admin"]);
    expect(promoted.out).toContain(
      "was promoted: its e-mail is now verified, and the password, linked sign-ins and sessions it had were removed",
    );
    expect(promoted.out).toMatch(/reset-password\/\w+/);
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      expect((await auth.signIn(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(false);
      expect(await database.db.select().from(accounts)).toHaveLength(0);
    });
    const again = await run(dataDir, ["create-admin"], { stdin: STRONG });
    expect(again.out).toContain("was already the administrator");
    await withStoreDatabase(dataDir, async (database) => {
      const auth = authOf(database, dataDir);
      expect((await auth.signIn(page(), { email: ADMIN, password: "Old-Harbor-41" })).ok).toBe(false);
      expect((await auth.signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
      expect(await database.db.select().from(accounts)).toHaveLength(1);
    });
  }, 90_000);

  it("reset-password prints a link for an account and refuses an unknown address", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["create-admin"], { stdin: STRONG })).code).toBe(0);
    const unknown = await run(dataDir, ["reset-password", "nobody@example.com"]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("reset-password: No account uses the e-mail nobody@example.com");
    const known = await run(dataDir, ["reset-password", "Boss@Example.com"]);
    expect(known.code).toBe(0);
    expect(known.out).toMatch(/http:\/\/store\.test\/api\/auth\/reset-password\/\w+\?callbackURL=%2Freset-password/);
  }, 60_000);
});

describe("import-products", () => {
  let dataDir: string;
  let csvDir: string;
  let imageServer: Server;
  let imageUrl: string;

  beforeAll(async () => {
    dataDir = migratedDataDir("store-cli-");
    csvDir = mkdtempSync(path.join(os.tmpdir(), "store-cli-csv-"));
    mkdirSync(path.join(csvDir, "pictures"));
    writeFileSync(path.join(csvDir, "pictures", "front.png"), await png("#c2b280"));
    writeFileSync(path.join(csvDir, "pictures", "back.png"), await png("#1f2a44"));
    writeFileSync(path.join(csvDir, "pictures", "notes.png"), "not a picture at all");
    const served = await png("#7a3b2e");
    imageServer = createServer((req, res) => {
      if (req.url === "/belt.png") res.writeHead(200, { "content-type": "image/png" }).end(served);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => imageServer.listen(0, "127.0.0.1", resolve));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => imageServer.close(() => resolve())));

  const header = "title,category,price,description,sizes,colours,stock,images";
  const goodRows = () => [
    `"Linen Wrap Dress",Dress,89.50,"Light linen, wrap front.",S|M|L,"Sand #c2b280 @2|Navy #1f2a44",12,pictures/front.png|pictures/back.png`,
    `Leather Belt,Accessories,25,"Brown leather, ""full grain"".",,,30,${imageUrl}/belt.png`,
  ];
  const csv = (name: string, lines: string[]) => {
    const file = path.join(csvDir, name);
    writeFileSync(file, `${[header, ...lines].join("\n")}\n`);
    return file;
  };

  it("refuses a file with bad rows, naming each row and field, and imports nothing", async () => {
    const file = csv("bad.csv", [
      ...goodRows(),
      `Shirt,Hats,12.345,"",XXXL,,many,pictures/front.png`,
      `Scarf,Accessories,10,Soft,,,"3",pictures/notes.png|pictures/missing.png|${imageUrl}/gone.png`,
    ]);
    const result = await run(dataDir, ["import-products", file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("Nothing was imported: 8 problems");
    for (const line of [
      "row 4, category: Choose a category from the list",
      "row 4, price: Price must be a number from 0 to 100000.00 with at most 2 decimals",
      "row 4, description: Description is required",
      "row 4, sizes: Sizes must be among XS, S, M, L, XL, XXL",
      "row 4, stock: Stock must be a whole number from 0 to 100000",
      "row 5, images: notes.png is not a PNG, JPEG or WebP image",
      "row 5, images: pictures/missing.png was not found",
      `row 5, images: ${imageUrl}/gone.png could not be downloaded (HTTP 404)`,
    ]) {
      expect(result.err).toContain(line);
    }
    expect(result.err).not.toContain("row 2");
    await withStoreDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(products)).toEqual([]);
    });
    expect(existsSync(path.join(dataDir, "media", "products"))).toBe(false);
  }, 60_000);

  it("refuses an unknown column before reading any row", async () => {
    const file = path.join(csvDir, "columns.csv");
    writeFileSync(file, "title,category,price,description,stock,images,weight\nDress,Dress,1,x,1,a.png,2kg\n");
    const result = await run(dataDir, ["import-products", file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain('row 1, weight: Unknown column "weight"');
  });

  it("imports a good file, local paths relative to the CSV and URLs, through the image pipeline", async () => {
    const file = csv("good.csv", goodRows());
    const result = await run(path.join(dataDir), ["import-products", path.relative(dataDir, file)]);
    expect(result).toMatchObject({ code: 0, out: "Imported 2 product(s)." });
    await withStoreDatabase(dataDir, async (database) => {
      const rows = await database.db.select().from(products).orderBy(products.createdAt);
      expect(rows.map((r) => [r.title, r.category, r.priceCents, r.stockCount, r.sizes, r.imageUrls.length])).toEqual([
        ["Linen Wrap Dress", "Dress", 8950, 12, ["S", "M", "L"], 2],
        ["Leather Belt", "Accessories", 2500, 30, [], 1],
      ]);
      expect(rows[0].colors).toEqual([
        { name: "Sand", hex: "#c2b280", image: rows[0].imageUrls[1] },
        { name: "Navy", hex: "#1f2a44" },
      ]);
      expect(rows[1].description).toBe('Brown leather, "full grain".');
      for (const url of rows.flatMap((r) => r.imageUrls)) {
        expect(existsSync(path.join(dataDir, "media", `${url.slice("/media/".length)}-640.webp`))).toBe(true);
      }
    });
  }, 90_000);
});

describe("export-orders", () => {
  it("writes every order with its items and amounts, quoted as CSV", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["migrate"])).code).toBe(0);
    const ids = await withStoreDatabase(dataDir, async (database) => {
      const userId = await insertUser(database.db, { email: "buyer@example.com" });
      const [product] = await database.db
        .insert(products)
        .values({ title: 'Dress, "Summer"', priceCents: 1000, category: "Dress" })
        .returning({ id: products.id });
      const placed = await insertOrder(database.db, userId, [product.id]);
      const shipped = await insertOrder(database.db, userId, [product.id, product.id], "shipped");
      // A return that went through counts; one the provider refused does not.
      const refund = {
        orderId: shipped,
        kind: "return" as const,
        lines: [{ index: 0, quantity: 1 }],
        restocked: false,
        actor: "admin" as const,
      };
      await database.db.insert(orderRefunds).values([
        { ...refund, sequence: 1, amountCents: 1105, status: "succeeded", idempotencyKey: `refund-${shipped}-1` },
        { ...refund, sequence: 2, amountCents: 999, status: "failed", idempotencyKey: `refund-${shipped}-2` },
      ]);
      return [placed, shipped];
    });
    const file = path.join(dataDir, "orders.csv");
    const result = await run(dataDir, ["export-orders", "orders.csv"]);
    expect(result).toMatchObject({ code: 0, out: `Exported 2 order(s) to ${file}.` });
    const [header, ...rows] = parse(readFileSync(file, "utf8")) as string[][];
    expect(header).toEqual([
      "id",
      "date",
      "customer email",
      "customer name",
      "status",
      "items",
      "subtotal",
      "tax",
      "shipping",
      "total",
      "payment method",
      "payment id",
      "sandbox",
      "discount code",
      "discount",
      "refunded",
    ]);
    expect(rows.map((r) => r[0]).sort()).toEqual([...ids].sort());
    const shipped = rows.find((r) => r[4] === "shipped")!;
    expect(shipped.slice(2, 11)).toEqual([
      "buyer@example.com",
      "Buyer",
      "shipped",
      "1 × Bought item @ 10.00; 1 × Bought item @ 10.00",
      "20.00",
      "2.00",
      "0.10",
      "22.10",
      "paypal",
    ]);
    expect(shipped.at(-1)).toBe("11.05");
    expect(rows.find((r) => r[4] !== "shipped")!.at(-1)).toBe("0.00");
  }, 60_000);
});

describe("backup and restore (store stopped)", () => {
  it("backs up, refuses a damaged file and a restore while the store runs, and restores what was there", async () => {
    const dataDir = migratedDataDir("store-cli-");
    expect((await run(dataDir, ["create-admin"], { stdin: STRONG })).code).toBe(0);
    mkdirSync(path.join(dataDir, "media", "products"), { recursive: true });
    writeFileSync(path.join(dataDir, "media", "products", "kept-640.webp"), "picture bytes");
    await withStoreDatabase(dataDir, (database) =>
      database.db
        .insert(products)
        .values({ title: "Backed up", priceCents: 4200, category: "Dress", imageUrls: ["/media/products/kept"] }),
    );

    const backup = await run(dataDir, ["backup", "store.tar.gz"]);
    expect(backup.code).toBe(0);
    expect(backup.out).toContain("1 products, 1 accounts, 0 sessions, 0 orders, 1 image files");
    const file = path.join(dataDir, "store.tar.gz");

    const damaged = path.join(dataDir, "damaged.tar.gz");
    writeFileSync(damaged, readFileSync(file).subarray(0, 2000));
    const refused = await run(dataDir, ["restore", "damaged.tar.gz"]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is not a usable backup");

    const lock = acquireEmbeddedLock(path.join(dataDir, "pglite.lock"));
    try {
      expect((await run(dataDir, ["restore", "store.tar.gz"])).code).toBe(3);
    } finally {
      lock.release();
    }

    // Lost: the database and the images.
    rmSync(path.join(dataDir, "pglite"), { recursive: true });
    rmSync(path.join(dataDir, "media"), { recursive: true });
    const restored = await run(dataDir, ["restore", "store.tar.gz"]);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain("1 products, 1 accounts, 0 sessions, 0 orders, 1 image files");
    expect(readFileSync(path.join(dataDir, "media", "products", "kept-640.webp"), "utf8")).toBe("picture bytes");
    await withStoreDatabase(dataDir, async (database) => {
      expect((await database.db.select().from(products)).map((p) => p.title)).toEqual(["Backed up"]);
      expect((await authOf(database, dataDir).signIn(page(), { email: ADMIN, password: STRONG })).ok).toBe(true);
    });
  }, 120_000);

  it("on PostgreSQL refuses with pg_dump guidance", async () => {
    const out: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      readStdin: async () => undefined,
      cwd: os.tmpdir(),
    };
    const code = await runCli(["backup", "x.tar.gz"], io, {
      ...environment(newDataDir()),
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    });
    expect(code).toBe(1);
    expect(out.join("\n")).toContain("pg_dump --format=custom");
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
// With TEST_DATABASE_URL only, as tests/integration/process.test.ts does (no skipped test without it).
if (pgUrl)
  describe("on PostgreSQL (DATABASE_URL)", () => {
    it("migrates, creates the administrator and exports orders, the same commands on the other database", async () => {
      const name = `store_cli_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const env = { DATABASE_URL: databaseUrlFor(pgUrl!, name) };
        const dataDir = newDataDir();
        expect((await run(dataDir, ["migrate"], { env })).out).toContain(
          `Applied ${readMigrations().length} migration(s)`,
        );
        expect((await run(dataDir, ["create-admin"], { env, stdin: STRONG })).out).toContain("was created");
        const exported = await run(dataDir, ["export-orders", "orders.csv"], { env });
        expect(exported).toMatchObject({ code: 0, out: `Exported 0 order(s) to ${path.join(dataDir, "orders.csv")}.` });
        const store = new pg.Client({ connectionString: env.DATABASE_URL });
        await store.connect();
        const { rows } = await store.query("select email, email_verified from users");
        await store.end();
        expect(rows).toEqual([{ email: ADMIN, email_verified: true }]);
        // No embedded database was made beside it.
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);

    it("import-products tells the running stores on that database of each new product (NOTIFY), so their caches empty", async () => {
      const name = `store_cli_notify_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const env = { DATABASE_URL: databaseUrlFor(pgUrl!, name) };
      const listener = new pg.Client({ connectionString: env.DATABASE_URL });
      try {
        const dataDir = newDataDir();
        expect((await run(dataDir, ["migrate"], { env })).code).toBe(0);
        await listener.connect();
        const heard: { origin: string; event: { type: string; productId: string } }[] = [];
        listener.on("notification", (message) => heard.push(JSON.parse(message.payload ?? "{}")));
        await listener.query("listen store_events");
        writeFileSync(path.join(dataDir, "front.png"), await png("#c2b280"));
        writeFileSync(
          path.join(dataDir, "two.csv"),
          "title,category,price,description,sizes,colours,stock,images\nLinen Top,Dress,40,Linen.,S|M,,3,front.png\nWool Scarf,Accessories,20,Wool.,,,5,front.png\n",
        );
        expect(await run(dataDir, ["import-products", "two.csv"], { env })).toMatchObject({
          code: 0,
          out: "Imported 2 product(s).",
        });
        await expect.poll(() => heard.length).toBe(2);
        const store = new pg.Client({ connectionString: env.DATABASE_URL });
        await store.connect();
        const { rows } = await store.query("select id from products order by created_at");
        await store.end();
        expect(heard.map((h) => h.event)).toEqual(rows.map((r) => ({ type: "product.added", productId: r.id })));
        expect(heard.every((h) => h.origin === "command-line")).toBe(true);
      } finally {
        await listener.end().catch(() => {});
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
  });

describe("the built command line", () => {
  const exec = promisify(execFile);
  it("runs without tsx: migrate, then create-admin with the password on standard input", async () => {
    const dataDir = newDataDir();
    const cli = path.join(ROOT, "build/server-main/cli.js");
    expect(existsSync(cli), "run `npm run build` first").toBe(true);
    const env = { ...process.env, ...environment(dataDir), DATABASE_URL: "" };
    const migrated = await exec(process.execPath, [cli, "migrate"], { env, cwd: ROOT });
    expect(migrated.stdout).toContain("migration(s)");
    const child = execFile(process.execPath, [cli, "create-admin"], { env, cwd: ROOT });
    child.stdin!.end(`${STRONG}\n`);
    const output = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      let stdout = "";
      child.stdout!.on("data", (d) => {
        stdout += d;
      });
      child.on("close", (code) => resolve({ code, stdout }));
    });
    expect(output).toEqual({
      code: 0,
      stdout: `The administrator account ${ADMIN} was created.\nIts password is set; sign in at /login.\n`,
    });
    const usage = await exec(process.execPath, [cli, "restore"], { env, cwd: ROOT }).catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("restore takes FILE");
  }, 90_000);
});
