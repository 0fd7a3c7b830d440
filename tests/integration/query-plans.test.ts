import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SORTS } from "../../domain/catalog";
import type { Database, DatabaseHandle } from "../../server/db/client";
import * as schema from "../../server/db/schema";
import { createCatalogService } from "../../server/catalog/service";
import { checkoutGauges } from "../../server/checkouts/checkouts";
import { outboxGauges } from "../../server/mail/outbox";
import { refundGauges } from "../../server/orders/refund-records";
import { createTestApp, type TestApp } from "../helpers/app";
import { createTestDatabase } from "../helpers/database";

/**
 * Issue 12: the catalogue's and the orders' queries use indexes at a shop's scale (10,000
 * products, 50,000 orders). Each service call runs with a query logger; every statement it sent
 * is then explained. Two checks:
 * - with sequential scans priced out (`enable_seqscan = off`), no statement reads a whole large
 *   table: an index serves every filter, sort and join. A table of this size is small enough
 *   that the planner may rightly prefer reading it all for a filter that matches one row in
 *   eight, so the natural plan alone could not tell a missing index from a good choice;
 * - the pages a visitor opens most (the product list in each sort) take their index naturally,
 *   and work out the review figures for the page's rows only.
 * Runs on PGlite and, in CI, again on PostgreSQL.
 */

const PRODUCTS = 10_000;
const ORDERS = 50_000;
const USERS = 500;
const MAILS = 20_000;
const LARGE_TABLES = new Set([
  "products",
  "product_variants",
  "orders",
  "reviews",
  "checkouts",
  "outbox",
  "order_refunds",
]);
const PAGE_INDEX = {
  newest: "products_newest_idx",
  "price-asc": "products_price_idx",
  "price-desc": "products_price_desc_idx",
} as const;

interface Sent {
  query: string;
  params: unknown[];
}

let database: DatabaseHandle;
let t: TestApp;
/**
 * The catalogue's own queries: the services' catalogue keeps lists and products in memory
 * (server/catalog/cached-catalog.ts, decision 024), so a repeated read would send nothing to explain.
 */
let catalog: ReturnType<typeof createCatalogService>;
/** The database through the query logger, for reads made outside the services (the metrics' figures). */
let loggedDb: Database;
let sent: Sent[] = [];
let productId: string;
let userId: string;

/** The same database, through a Drizzle instance that records what it sends. */
function loggingHandle(handle: DatabaseHandle): DatabaseHandle {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push({ query, params }) };
  const db =
    handle.kind === "pglite"
      ? (drizzlePglite(client as never, { schema, logger }) as unknown as Database)
      : (drizzlePg(client as never, { schema, logger }) as unknown as Database);
  return { ...handle, db };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // Made by the database itself (generate_series), so the setup takes seconds, not minutes.
  await db.execute(sql`
    insert into products (title, description, price_cents, category, sizes, stock_count, created_at)
    select (array['linen','wool','silk','denim','cotton','wrap','midi','cropped'])[1 + i % 8] || ' piece ' || i,
           'A ' || (array['linen','wool','silk','denim','cotton','wrap','midi','cropped'])[1 + (i * 7) % 8] || ' garment, number ' || i || '.',
           1000 + (i * 37) % 20000,
           (array['Dress','2-piece','Children Collection','Jackets','Shoes','Accessories'])[1 + i % 6],
           '{S,M,L}', i % 10, timestamptz '2025-01-01' + i * interval '1 minute'
    from generate_series(0, ${PRODUCTS - 1}) as i`);
  // Each product's stock in its three sizes (decision 032's rule): 30,000 variants.
  await db.execute(sql`
    insert into product_variants (product_id, size, stock)
    select p.id, s.size, p.stock_count / 3 + case when s.ord <= p.stock_count % 3 then 1 else 0 end
    from products p cross join unnest(array['S','M','L']) with ordinality as s(size, ord)`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'plan-user-' || i, 'Shopper ' || i, 'shopper' || i || '@example.com', true from generate_series(0, ${USERS - 1}) as i`);
  // Five reviews on each of the 2,000 newest products.
  await db.execute(sql`
    insert into reviews (product_id, user_id, user_name, text, rating)
    select p.id, 'plan-user-' || r, 'Shopper ' || r, 'Fits well.', 1 + r
    from (select id from products order by created_at desc limit 2000) as p cross join generate_series(0, 4) as r`);
  const address = sql.raw(
    `'{"name":"Ada Shopper","phone":"+1 555 0100","street":"12 Loom Street","city":"Portland","state":"OR","zipCode":"97201","country":"United States"}'::jsonb`,
  );
  await db.execute(sql`
    insert into checkouts (user_id, provider, provider_ref, lines, subtotal_cents, tax_cents, shipping_cents, total_cents, shipping_address, billing_address, status)
    select 'plan-user-' || i % ${USERS}, 'stripe', 'cs_plan_' || i, '[]'::jsonb, 5000, 400, 0, 5400, ${address}, ${address}, 'completed'
    from generate_series(0, ${ORDERS - 1}) as i`);
  await db.execute(sql`
    insert into orders (checkout_id, user_id, user_email, user_name, items, subtotal_cents, tax_cents, shipping_cents,
                        shipping_address, billing_address, payment_method, payment_id, status, status_history, created_at)
    select c.id, c.user_id, replace(c.user_id, 'plan-user-', 'shopper') || '@example.com', 'Shopper', '[]'::jsonb, 5000, 400, 0,
           ${address}, ${address}, 'stripe', 'pi_plan_' || n,
           (array['placed','confirmed','processing','shipped','out_for_delivery','delivered','cancelled'])[1 + n % 7],
           '[]'::jsonb, timestamptz '2025-01-01' + n * interval '1 second'
    from (select id, user_id, substr(provider_ref, 9)::int as n from checkouts where provider_ref like 'cs_plan_%') as c`);
  // A week of sent mail at a busy shop, a few given up, two waiting; a refund of one order in fifty.
  await db.execute(sql`
    insert into outbox ("to", subject, text, attempts, next_attempt_at, sent_at, created_at)
    select 'shopper' || i % ${USERS} || '@example.com', 'Your order', repeat('Thank you for your order. ', 40), 1,
           null, now() - i * interval '30 seconds', now() - i * interval '30 seconds'
    from generate_series(0, ${MAILS - 1}) as i`);
  await db.execute(sql`
    insert into outbox ("to", subject, text, attempts, next_attempt_at, last_error)
    select 'gone' || i || '@example.com', 'Welcome', 'Hello', case when i < 5 then 10 else 0 end,
           case when i < 5 then null else now() end, case when i < 5 then 'refused' end
    from generate_series(0, 6) as i`);
  await db.execute(sql`
    insert into order_refunds (order_id, sequence, kind, amount_cents, lines, restocked, status, idempotency_key, actor)
    select id, 1, 'cancellation', 5400, '[]'::jsonb, true, 'succeeded', 'refund-' || id || '-1', 'admin'
    from orders where status = 'cancelled' and payment_id like '%0'`);
  const [reviewed] = await db.select({ id: schema.reviews.productId }).from(schema.reviews).limit(1);
  productId = reviewed.id;
  userId = "plan-user-7";
  // The planner's statistics, as autovacuum would have gathered them on a live database.
  await db.execute(sql`analyze`);
  const logged = loggingHandle(database);
  t = await createTestApp(logged, { withPages: false });
  catalog = createCatalogService(logged.db);
  loggedDb = logged.db;
}, 300_000);
afterAll(() => database?.close());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of every statement a call sent; the call's own result is returned too. */
async function plansOf<T>(
  call: () => Promise<T>,
  options: { natural?: boolean } = {},
): Promise<{ query: string; nodes: PlanNode[] }[]> {
  sent = [];
  await call();
  expect(sent.length, "the call sent at least one query").toBeGreaterThan(0);
  const session = await database.session();
  if (!options.natural) await session.exec("set enable_seqscan = off");
  try {
    const plans = [];
    // Reads only: a transaction's own statements (begin, set transaction ...) have no plan.
    for (const { query, params } of sent.filter((q) => /^\s*(select|with)\b/i.test(q.query))) {
      const { rows } = await session.query(`explain (format json) ${query}`, params);
      const raw = rows[0]["QUERY PLAN"];
      const document = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      plans.push({ query, nodes: nodes(document[0].Plan) });
    }
    return plans;
  } finally {
    await session.exec("reset enable_seqscan");
    session.release();
  }
}

/** Sequential scans of a large table, with the statement that made them. */
function fullScans(plans: { query: string; nodes: PlanNode[] }[]): string[] {
  return plans.flatMap(({ query, nodes }) =>
    nodes
      .filter((n) => n["Node Type"] === "Seq Scan" && LARGE_TABLES.has(n["Relation Name"] ?? ""))
      .map((n) => `${n["Relation Name"]}: ${query}`),
  );
}

const indexesUsed = (plans: { nodes: PlanNode[] }[]) =>
  plans.flatMap((p) => p.nodes.map((n) => n["Index Name"]).filter(Boolean));

describe("the product list", () => {
  const cases = SORTS.flatMap((sort) => [undefined, "Jackets" as const].map((category) => ({ sort, category })));
  it.each(cases)("sort $sort, category $category: no full scan", async ({ sort, category }) => {
    const plans = await plansOf(() => catalog.listProducts({ sort, category, limit: 12 }));
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans).length).toBeGreaterThan(0);
  });

  it.each(SORTS)(
    "sort %s: the page is read through its index, and reviews are counted for its rows only",
    async (sort) => {
      const plans = await plansOf(() => catalog.listProducts({ sort, limit: 12 }), { natural: true });
      const page = plans.find((p) => /\blimit\b/i.test(p.query));
      expect(page, "the statement that reads the page").toBeTruthy();
      expect(indexesUsed([page as (typeof plans)[number]])).toContain(PAGE_INDEX[sort]);
      // No sequential scan of products under the page's limit: the review subqueries never run for the whole catalogue.
      expect(fullScans([page as (typeof plans)[number]])).toEqual([]);
    },
  );

  it("a search (with and without a category) reads the search index (the unaccented document's, decision 059)", async () => {
    for (const category of [undefined, "Dress" as const]) {
      const plans = await plansOf(() => catalog.listProducts({ sort: "newest", q: "linen", category, limit: 12 }));
      expect(fullScans(plans)).toEqual([]);
      // Within a category the planner may start from the category's rows instead; both are index reads.
      if (!category) expect(indexesUsed(plans)).toContain("products_search_document_idx");
    }
  });
});

describe("the forgiving search and its filters (issue 27, decision 059)", () => {
  const searches = [
    { q: "linen" },
    { q: "flor" },
    // Typos: corrected through search_words' trigram index, then matched like any word.
    { q: "wol" },
    { q: "crpped garmnt" },
    { q: "linen", category: "Dress" as const, size: "M" as const, minDollars: 10, maxDollars: 100 },
  ];

  it.each(searches)("%j: the page and its total read the unaccented document's index, no full scan", async (search) => {
    const started = performance.now();
    await catalog.listProducts({ sort: "newest", limit: 12, ...search });
    const elapsed = Math.round(performance.now() - started);
    const plans = await plansOf(() => catalog.listProducts({ sort: "newest", limit: 12, ...search }));
    expect(fullScans(plans)).toEqual([]);
    if (!search.category) expect(indexesUsed(plans)).toContain("products_search_document_idx");
    console.info(`search ${JSON.stringify(search)} over ${PRODUCTS.toLocaleString("en-US")} products: ${elapsed} ms`);
  });

  it("the filters' counts of a search read only the products it finds", async () => {
    const plans = await plansOf(() => catalog.listingFacets({ sort: "newest", limit: 12, q: "linen", size: "M" }));
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("products_search_document_idx");
  });

  it("a typo's corrections come from the catalogue's words by their trigram index", async () => {
    const plans = await plansOf(() => catalog.listProducts({ sort: "newest", limit: 12, q: "silkk" }));
    expect(indexesUsed(plans)).toContain("search_words_trgm_idx");
  });

  it("the suggestions read the document's index", async () => {
    const plans = await plansOf(() => catalog.suggest("denim"));
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("products_search_document_idx");
  });

  it("the counts of the whole catalogue (no search) take one pass each; their time is printed", async () => {
    const started = performance.now();
    await catalog.listingFacets({ sort: "newest", limit: 12 });
    console.info(
      `the filters' counts over ${PRODUCTS.toLocaleString("en-US")} products: ${Math.round(performance.now() - started)} ms`,
    );
    const plans = await plansOf(() => catalog.listingFacets({ sort: "newest", limit: 12 }), { natural: true });
    for (const { query, nodes } of plans) {
      const scans = nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "products");
      expect(scans.length, query).toBeLessThanOrEqual(1);
    }
  });
});

describe("a product with its reviews", () => {
  it("reads the product by its key and the reviews by product", async () => {
    const plans = await plansOf(async () => {
      await catalog.getProduct(productId);
      await t.services.reviews.list(productId);
    });
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toEqual(expect.arrayContaining(["products_pkey"]));
  });
});

describe("stock per size and colour", () => {
  it("the product page and the cart's pricing read variants by product", async () => {
    const plans = await plansOf(async () => {
      await catalog.getProduct(productId);
      await t.services.pricing.quote([{ productId, selectedSize: "M", color: null, quantity: 1 }]);
    });
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("product_variants_choice_unique");
  });
});

describe("orders", () => {
  it("a shopper's orders are read by user", async () => {
    const plans = await plansOf(() => t.services.orders.listOrdersForUser(userId));
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toContain("orders_user_newest_idx");
  });

  it.each(["all", "placed", "shipped", "cancelled"] as const)(
    "the administrator's list, %s, first page and a later one",
    async (filter) => {
      const first = await plansOf(() =>
        t.services.adminOrders.listOrders({ filter, search: "", cursor: { kind: "newest" }, pageSize: 20 }),
      );
      expect(fullScans(first)).toEqual([]);
      const page = await t.services.adminOrders.listOrders({
        filter,
        search: "",
        cursor: { kind: "newest" },
        pageSize: 20,
      });
      const lastId = page.items.at(-1)?.id;
      expect(lastId).toBeTruthy();
      const later = await plansOf(() =>
        t.services.adminOrders.listOrders({
          filter,
          search: "",
          cursor: { kind: "after", id: String(lastId) },
          pageSize: 20,
        }),
      );
      expect(fullScans(later)).toEqual([]);
    },
  );
});

describe("the administrator's search (decision 054)", () => {
  it("reads the orders once per statement, whatever the page: no index serves a 'contains' match", async () => {
    const query = { filter: "all" as const, search: "Shopper 7", cursor: { kind: "newest" as const }, pageSize: 20 };
    const started = performance.now();
    const page = await t.services.adminOrders.listOrders(query);
    const elapsed = Math.round(performance.now() - started);
    expect(page.items.length).toBeGreaterThan(0);
    const plans = await plansOf(() => t.services.adminOrders.listOrders(query), { natural: true });
    for (const { query: statement, nodes } of plans) {
      const scans = nodes.filter((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "orders");
      expect(scans.length, statement).toBeLessThanOrEqual(1);
    }
    // The figure decision 054 quotes (the whole call: counts, page, position, refunds).
    console.info(`a search over ${ORDERS.toLocaleString("en-US")} orders: ${elapsed} ms`);
  });
});

describe("the metrics' figures (decision 042)", () => {
  it("read the outbox, the open checkouts and the pending refunds through their partial indexes", async () => {
    const plans = await plansOf(async () => {
      await outboxGauges(loggedDb);
      await checkoutGauges(loggedDb);
      await refundGauges(loggedDb);
    });
    expect(fullScans(plans)).toEqual([]);
    expect(indexesUsed(plans)).toEqual(
      expect.arrayContaining([
        "outbox_due_idx",
        "outbox_given_up_idx",
        "checkouts_pending_idx",
        "order_refunds_one_pending_per_order",
      ]),
    );
  });
});
