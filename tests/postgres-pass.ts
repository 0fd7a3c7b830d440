/**
 * The PostgreSQL pass (`npm run test:postgres`, CI's step after `npm test`): the integration files
 * whose answer can differ on a PostgreSQL server from the embedded database (PGlite is PostgreSQL
 * compiled to WebAssembly behind one connection: the same SQL, the same planner, but no second
 * connection, so no lock waits, no races between transactions and no LISTEN/NOTIFY between pools).
 * Every other integration file runs once, on PGlite, in `npm test`. Files that always start their
 * own PostgreSQL database (the two-instance tests, the upload locker) already run on PostgreSQL in
 * `npm test` and are not repeated here.
 *
 * Each entry says why the file is here; docs/testing.md groups them. tests/architecture/postgres-pass.test.ts
 * checks that every file exists, and that every integration file that reads TEST_DATABASE_URL itself
 * (a part that runs only on PostgreSQL) is listed, so no PostgreSQL-only test is left unrun.
 */
export const POSTGRES_PASS: Record<string, string> = {
  // Migrations: DDL, its locks and the version checks on a real server (rolling upgrades run on it).
  "server/db/migrate.integration.test.ts": "migrations: the runner's advisory lock and the build checks",
  "server/db/discount-migration.integration.test.ts": "migrations: data moved by the discount migration",
  "server/db/fit-migration.integration.test.ts": "migrations: data moved by the fit migration",
  "server/db/order-subtotal-migration.integration.test.ts": "migrations: data moved by the order subtotal migration",
  "server/db/partial-cancellation-migration.integration.test.ts": "migrations: data moved by the partial cancellation",
  "server/db/review-migrations.integration.test.ts": "migrations: the review migrations over existing rows",
  "server/db/search-migration.integration.test.ts": "migrations: the search columns, extensions and indexes",
  "server/db/variants-migration.integration.test.ts": "migrations: stock per variant moved from the product",

  // Locks and races: concurrent transactions only wait on each other with more than one connection.
  "tests/security/sandbox-races.test.ts": "races: 20 concurrent purchases of the last piece",
  "tests/security/checkout-reuse.test.ts": "races: the same cart started four times at once",
  "tests/security/paypal-attacks.test.ts": "races: two captures at the same moment",
  "tests/security/stripe-webhook-attacks.test.ts": "races: a webhook replayed while the return page confirms",
  "tests/security/admin-orders-attacks.test.ts": "races: two status changes from the same status",
  "tests/security/variant-stock-attacks.test.ts": "races: the stock grid saved while a sale locks the row",
  "tests/integration/discounts.test.ts": "races: the last use of a code paid twice at once",
  "tests/integration/return-requests.test.ts": "races: two return requests and two approvals at once",
  "tests/integration/admin-products.test.ts": "races: two imports of one product under the lock",
  "server/catalog/stock-alerts.integration.test.ts": "races: two presses and two restocks at once",
  "server/limits/throttle.integration.test.ts": "races: many hits at once counted by one statement",
  "server/housekeeping/housekeeping.integration.test.ts": "races: two instances purging at once",
  "server/reviews/service.integration.test.ts": "races: one review when the same shopper posts twice at once",
  "server/mail/outbox.integration.test.ts": "races: two mail workers claiming the same messages",
  "server/cart/pricing.integration.test.ts": "locks: the cart priced with its rows locked in a transaction",

  // Query plans and text search: the planner's choices on a server with its own statistics.
  "tests/integration/query-plans.test.ts": "plans: the indexes each hot query uses",
  "tests/integration/search-relevance.test.ts": "plans: the text search's ranking on 10,000 products",

  // LISTEN/NOTIFY and several pools on one database.
  "tests/integration/live-events.test.ts": "LISTEN/NOTIFY: live events between two instances",
  "tests/integration/live-publish.test.ts": "LISTEN/NOTIFY: what each change publishes on the bus",
  "tests/security/sign-out-streams.test.ts": "LISTEN/NOTIFY: a sign-out closes streams on the other instance",
  "tests/integration/page-cache.test.ts": "LISTEN/NOTIFY: a change empties the other instance's page cache",
  "tests/integration/metrics.test.ts": "pools: the connection pool's gauges",

  // The store and its command line on DATABASE_URL.
  "tests/integration/process.test.ts": "processes: two instances starting at once on one database",
  "server/cli/commands.integration.test.ts": "processes: the command line against DATABASE_URL",
};
