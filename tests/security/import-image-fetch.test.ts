import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "../../domain/product-schemas";
import type { UploadedImage } from "../../server/catalog/upload";
import { ImportRefusedError, importProductsCsv } from "../../server/catalog/product-import";
import { products } from "../../server/db/schema";
import { png } from "../helpers/admin";
import { LOOPBACK_AS_PUBLIC, run, withStoreDatabase } from "../helpers/cli";
import { migratedDataDir } from "../helpers/data-dir";

/**
 * Issue 21, item 6: `import-products` downloaded whatever http(s) address a CSV named, following
 * redirects wherever they led, and read any path the CSV named. A CSV from a supplier could make
 * the store's machine fetch its own admin ports, the private network or the cloud metadata
 * service (169.254.169.254), and store the answer as a product picture; or read files anywhere.
 *
 * Now only http: and https: addresses are fetched, and only from public addresses: the host name
 * is resolved once, refused if any of its addresses is not public, and the connection goes to the
 * address that was checked (a second DNS answer cannot swap it); each redirect is checked the same
 * way; the body is cut off as soon as it passes the upload limit. Local paths are read only with
 * --allow-local-images, and only from the CSV file's folder. Every refused row gets one message.
 *
 * The real test servers listen on 127.0.0.1 (and 127.0.0.2, which the tests call "internal"):
 * the tests that need a reachable "public" server inject an address policy that counts
 * 127.0.0.1, and only it, as public, and a resolver instead of the DNS (there is no internet here).
 */

const PNG_BYTES = await png("#7a3b2e");
const header = "title,category,price,description,sizes,colours,stock,images";
const row = (n: number, images: string) => `Item ${n},Accessories,10,Test item.,,,1,${images}`;

/** A real HTTP server that records every request it gets. */
interface Recorder {
  server: Server;
  origin: string;
  port: number;
  requests: { url: string; host: string | undefined }[];
}
async function startServer(
  host: string,
  handle: (req: IncomingMessage, res: ServerResponse) => void = (req, res) => {
    if (req.url === "/image.png") res.writeHead(200, { "content-type": "image/png" }).end(PNG_BYTES);
    else res.writeHead(404).end();
  },
): Promise<Recorder> {
  const requests: Recorder["requests"] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? "", host: req.headers.host });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as { port: number }).port;
  return { server, origin: `http://${host}:${port}`, port, requests };
}
const stop = (r: Recorder) =>
  new Promise<void>((resolve) => {
    r.server.closeAllConnections();
    r.server.close(() => resolve());
  });

/** The test's stand-in for the internet: 127.0.0.1 is "public", every other address is judged as the store judges it. */
const loopbackAsPublic = LOOPBACK_AS_PUBLIC.addressKind;

let csvDir: string;
const csv = (name: string, rows: string[]) => {
  const file = path.join(csvDir, name);
  writeFileSync(file, `${[header, ...rows].join("\n")}\n`);
  return file;
};

/** A catalogue that keeps what it is given, for the imports that call the importer directly. */
function catalog() {
  const imported: { images: readonly UploadedImage[] }[] = [];
  return {
    imported,
    existingProductKeys: async () => new Set<string>(),
    importProducts: async (items: readonly { images: readonly UploadedImage[] }[]) => {
      imported.push(...items);
      return { ids: items.map((_, i) => `product-${i}`), skipped: [] };
    },
  };
}

/** The problems an import was refused with. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportRefusedError);
  return (error as ImportRefusedError).problems;
}

let origin: Recorder;
let internal: Recorder;

beforeAll(async () => {
  csvDir = mkdtempSync(path.join(os.tmpdir(), "store-import-fetch-"));
  origin = await startServer("127.0.0.1", (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/image.png") res.writeHead(200, { "content-type": "image/png" }).end(PNG_BYTES);
    else if (url.pathname === "/redirect")
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/image.png" }).end();
    else if (url.pathname === "/loop") res.writeHead(302, { location: "/loop" }).end();
    else res.writeHead(404).end();
  });
  internal = await startServer("127.0.0.2");
});
afterAll(async () => {
  await stop(origin);
  await stop(internal);
});

describe("import-products downloads pictures only from public addresses", () => {
  it("refuses loopback, private, link-local and metadata addresses however they are written, without connecting, one message per row", async () => {
    const dataDir = migratedDataDir("store-import-fetch-");
    const refused = [
      `${origin.origin}/image.png`,
      `http://localhost:${origin.port}/image.png`,
      `http://[::ffff:127.0.0.1]:${origin.port}/image.png`,
      `http://2130706433:${origin.port}/image.png`,
      `http://0x7f.1:${origin.port}/image.png`,
      `http://0.0.0.0:${origin.port}/image.png`,
      `${internal.origin}/image.png`,
      "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "http://[fd00::1]/image.png",
      "http://10.0.0.1/image.png",
      "https://192.168.1.1/image.png",
      "http://100.64.0.1/image.png",
    ];
    const file = csv(
      "addresses.csv",
      refused.map((url, i) => row(i + 2, url)),
    );
    const result = await run(dataDir, ["import-products", file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`Nothing was imported: ${refused.length} problems`);
    const lines = result.err.split("\n").filter((line) => line.startsWith("  row "));
    expect(lines).toHaveLength(refused.length);
    refused.forEach((_, i) => {
      expect(lines[i]).toMatch(
        new RegExp(`^  row ${i + 2}, images: .* was not downloaded: .*only public addresses are fetched$`),
      );
    });
    expect(lines[0]).toContain("127.0.0.1 is a loopback address (this machine)");
    expect(lines[1]).toContain("localhost resolves to 127.0.0.1, a loopback address (this machine)");
    expect(lines[5]).toContain("an unspecified address (this machine)");
    expect(lines[7]).toContain("169.254.169.254 is a link-local address (cloud metadata)");
    expect(lines[8]).toContain("a private network address");
    expect(lines[9]).toContain("10.0.0.1 is a private network address");
    expect(lines[11]).toContain("a carrier-grade NAT address");
    expect(origin.requests).toEqual([]);
    expect(internal.requests).toEqual([]);
    await withStoreDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(products)).toEqual([]);
    });
  }, 60_000);

  it("refuses file:, ftp: and other schemes", async () => {
    const file = csv("schemes.csv", [
      row(2, "file:///etc/passwd"),
      row(3, "ftp://images.example/belt.png"),
      row(4, `"data:image/png;base64,iVBORw0KGgo="`),
      row(5, "gopher://127.0.0.1:6379/_FLUSHALL"),
    ]);
    const problems = await refusal(importProductsCsv(catalog(), file, { allowLocalImages: true }));
    expect(problems).toEqual(
      [2, 3, 4, 5].map((n) => ({
        row: n,
        field: "images",
        message: expect.stringMatching(/ was not downloaded: only http:\/\/ and https:\/\/ addresses are fetched$/),
      })),
    );
  });

  it("refuses a public-looking name that resolves to this machine or a private network, and never connects", async () => {
    const asked: string[] = [];
    const resolve = async (hostname: string) => {
      asked.push(hostname);
      if (hostname === "images.example") return [{ address: "127.0.0.1", family: 4 }];
      // One public address and one private: refused, whichever would be tried first.
      return [
        { address: "127.0.0.1", family: 4 },
        { address: "10.0.0.7", family: 4 },
      ];
    };
    const file = csv("names.csv", [
      row(2, `http://images.example:${origin.port}/image.png`),
      row(3, `http://mixed.example:${origin.port}/image.png`),
    ]);
    // The store's own policy: images.example's 127.0.0.1 is this machine.
    expect(await refusal(importProductsCsv(catalog(), file, { network: { resolve } }))).toEqual([
      {
        row: 2,
        field: "images",
        message: `http://images.example:${origin.port}/image.png was not downloaded: images.example resolves to 127.0.0.1, a loopback address (this machine); only public addresses are fetched`,
      },
      {
        row: 3,
        field: "images",
        message: expect.stringContaining("mixed.example resolves to 127.0.0.1, a loopback address (this machine)"),
      },
    ]);
    // Even when 127.0.0.1 counts as public, one private address among the answers refuses the name.
    const problems = await refusal(
      importProductsCsv(catalog(), file, { network: { resolve, addressKind: loopbackAsPublic } }),
    );
    expect(problems).toEqual([
      { row: 3, field: "images", message: expect.stringContaining("10.0.0.7, a private network address") },
    ]);
    expect(asked).toEqual(["images.example", "mixed.example", "images.example", "mixed.example"]);
    expect(origin.requests.filter((r) => r.host?.startsWith("mixed.example"))).toEqual([]);
  });

  it("connects to the address it checked: a second DNS answer (rebinding) is never asked for", async () => {
    let lookups = 0;
    // First answer public (the test's 127.0.0.1), any later one the internal server.
    const resolve = async () => [{ address: lookups++ === 0 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    const file = csv("rebind.csv", [row(2, `http://images.example:${origin.port}/image.png`)]);
    const kept = catalog();
    await importProductsCsv(kept, file, { network: { resolve, addressKind: loopbackAsPublic } });
    expect(lookups).toBe(1);
    expect(kept.imported[0].images[0].bytes.equals(PNG_BYTES)).toBe(true);
    expect(origin.requests.at(-1)).toEqual({ url: "/image.png", host: `images.example:${origin.port}` });
    expect(internal.requests).toEqual([]);
  });

  it("checks every redirect: to a loopback or private address, to a name resolving to one, to another scheme, or too many", async () => {
    const network = {
      resolve: async (hostname: string) => [
        { address: hostname === "internal.example" ? "127.0.0.2" : "127.0.0.1", family: 4 },
      ],
      addressKind: loopbackAsPublic,
    };
    const via = (to: string) => `${origin.origin}/redirect?to=${encodeURIComponent(to)}`;
    const file = csv("redirects.csv", [
      row(2, via(`${internal.origin}/image.png`)),
      row(3, via(`http://internal.example:${internal.port}/image.png`)),
      row(4, via("http://169.254.169.254/latest/meta-data/")),
      row(5, via("file:///etc/passwd")),
      row(6, `${origin.origin}/loop`),
    ]);
    const problems = await refusal(importProductsCsv(catalog(), file, { network }));
    expect(problems).toEqual([
      {
        row: 2,
        field: "images",
        message: `${via(`${internal.origin}/image.png`)} was not downloaded: it redirects to ${internal.origin}/image.png, and 127.0.0.2 is a loopback address (this machine); only public addresses are fetched`,
      },
      {
        row: 3,
        field: "images",
        message: expect.stringContaining("internal.example resolves to 127.0.0.2, a loopback address (this machine)"),
      },
      {
        row: 4,
        field: "images",
        message: expect.stringContaining("169.254.169.254 is a link-local address (cloud metadata)"),
      },
      {
        row: 5,
        field: "images",
        message: expect.stringContaining(
          "was not downloaded: it redirects to file:///etc/passwd; only http:// and https:// addresses are fetched",
        ),
      },
      { row: 6, field: "images", message: `${origin.origin}/loop could not be downloaded (more than 5 redirects)` },
    ]);
    expect(internal.requests).toEqual([]);
    // A redirect that stays on public addresses is followed.
    const kept = catalog();
    await importProductsCsv(kept, csv("redirect-ok.csv", [row(2, via("/image.png"))]), { network });
    expect(kept.imported[0].images[0].bytes.equals(PNG_BYTES)).toBe(true);
  });

  it("stops reading a body as soon as it passes the upload limit, declared or not", async () => {
    const total = 4 * MAX_IMAGE_BYTES;
    let sent = 0;
    let finished = false;
    let closedEarly = false;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const big = await startServer("127.0.0.1", (req, res) => {
      if (req.url === "/declared") {
        // Says 40 MB, sends a little, then waits: the importer must not wait for the rest.
        res.writeHead(200, { "content-type": "image/png", "content-length": String(total) });
        res.write(PNG_BYTES);
        return;
      }
      res.writeHead(200, { "content-type": "image/png" });
      res.on("close", () => {
        closedEarly = !finished;
      });
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        finished = true;
        res.end();
      };
      pump();
    });
    try {
      const file = csv("big.csv", [row(2, `${big.origin}/streamed`), row(3, `${big.origin}/declared`)]);
      const started = Date.now();
      const problems = await refusal(
        importProductsCsv(catalog(), file, { network: { addressKind: loopbackAsPublic } }),
      );
      expect(problems).toEqual([
        { row: 2, field: "images", message: expect.stringMatching(/ is larger than 10 MB$/) },
        { row: 3, field: "images", message: expect.stringMatching(/ is larger than 10 MB$/) },
      ]);
      await expect.poll(() => closedEarly).toBe(true);
      expect(finished).toBe(false);
      expect(sent).toBeLessThan(total / 2);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await stop(big);
    }
  });
});

describe("import-products reads local files only when the operator asks", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = migratedDataDir("store-import-local-");
    mkdirSync(path.join(csvDir, "pictures"), { recursive: true });
    writeFileSync(path.join(csvDir, "pictures", "front.png"), PNG_BYTES);
    const outside = mkdtempSync(path.join(os.tmpdir(), "store-import-outside-"));
    writeFileSync(path.join(outside, "secret.png"), PNG_BYTES);
    symlinkSync(path.join(outside, "secret.png"), path.join(csvDir, "pictures", "link.png"));
  });

  it("refuses a path without --allow-local-images, and reads it with the flag", async () => {
    const file = csv("local.csv", [row(2, "pictures/front.png")]);
    const refused = await run(dataDir, ["import-products", file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("Nothing was imported: 1 problem\n");
    expect(refused.err).toContain(
      "row 2, images: pictures/front.png is a file path: files are read only with --allow-local-images",
    );
    await withStoreDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(products)).toEqual([]);
    });

    expect(await run(dataDir, ["import-products", "--allow-local-images", file])).toMatchObject({
      code: 0,
      out: "Imported 1 product(s).",
    });
    await withStoreDatabase(dataDir, async (database) => {
      expect((await database.db.select().from(products)).map((p) => p.title)).toEqual(["Item 2"]);
    });
  }, 60_000);

  it("with the flag, still refuses paths that leave the CSV file's folder", async () => {
    const file = csv("escape.csv", [
      row(2, "../../../../../../etc/passwd"),
      row(3, "/etc/passwd"),
      row(4, "pictures/link.png"),
    ]);
    const problems = await refusal(importProductsCsv(catalog(), file, { allowLocalImages: true }));
    expect(problems).toEqual(
      [2, 3, 4].map((n) => ({
        row: n,
        field: "images",
        message: expect.stringContaining("is outside the CSV file's folder"),
      })),
    );
  });

  it("an unknown option is wrong usage, exit 2", async () => {
    const file = csv("option.csv", [row(2, "pictures/front.png")]);
    const result = await run(dataDir, ["import-products", "--allow-everything", file]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('Unknown option "--allow-everything"');
  });
});
