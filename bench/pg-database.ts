import pg from "pg";

/** A new, empty database `name` on the PostgreSQL server at `server` (dropped first if it exists); its URL. */
export async function freshDatabase(server: string, name: string): Promise<string> {
  if (!/^\w+$/.test(name)) throw new Error(`a database name must be a plain name (got "${name}")`);
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return `${server}/${name}`;
}
