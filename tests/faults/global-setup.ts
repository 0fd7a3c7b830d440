import pg from "pg";
import type { TestProject } from "vitest/node";
import setupIntegration from "../helpers/global-setup";

/**
 * The system tests run on PostgreSQL only (a SIGKILL and a cut connection are about a database
 * server): refuse at once, saying what to set, when TEST_DATABASE_URL (vitest.system.config.ts
 * defaults it to this machine's server) cannot be reached. Then the same migrated template as
 * the integration tests.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL!;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `npm run test:system needs PostgreSQL: ${url} answered ${(error as Error).message}. Set TEST_DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return setupIntegration(project);
}
