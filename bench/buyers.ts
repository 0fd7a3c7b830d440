/**
 * Buyers for the load test and the write-path bench, made as people make them: sign up, open the
 * e-mailed link, sign in (bench/accounts.ts), then save a default address through the addresses
 * page. The address's id is read from the database afterwards (addressIdsOf), which the embedded
 * database allows only once its store has stopped.
 */
import http from "node:http";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../server/db/client";
import { addresses, users } from "../server/db/schema";
import { signedInShopper } from "./accounts";
import { LoadClient, Tally } from "./load-client";

export interface BuyerAccount {
  email: string;
  /** The Cookie header of the buyer's session. */
  cookie: string;
}

/** `count` buyers signed up, five at a time, as `buyer-{i}-{tag}@{domain}`, each with a default address. */
export async function signUpBuyers(
  base: string,
  count: number,
  options: { tag: string; domain: string; agent?: http.Agent; tally?: Tally },
): Promise<BuyerAccount[]> {
  const agent = options.agent ?? new http.Agent({ keepAlive: true });
  const accounts: BuyerAccount[] = [];
  try {
    for (let i = 0; i < count; i += 5) {
      const batch = Array.from({ length: Math.min(5, count - i) }, async (_, j) => {
        const email = `buyer-${i + j}-${options.tag}@${options.domain}`;
        const client = new LoadClient(base, agent, options.tally ?? new Tally(), "buy");
        client.cookie = await signedInShopper(base, email);
        const saved = await client.request("POST", "/addresses", {
          form: {
            intent: "create",
            name: `Buyer ${i + j}`,
            phone: "555-0100",
            street: `${i + j} Main Street`,
            city: "Springfield",
            state: "IL",
            zipCode: "62701",
            country: "United States",
            isDefault: "on",
          },
        });
        if (saved?.status !== 200) throw new Error(`saving ${email}'s address answered ${saved?.status}`);
        return { email, cookie: client.cookie };
      });
      accounts.push(...(await Promise.all(batch)));
    }
  } finally {
    if (!options.agent) agent.destroy();
  }
  return accounts;
}

/** Each buyer's saved address, by e-mail; throws when one has none. */
export async function addressIdsOf(db: Database, emails: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: addresses.id, email: users.email })
    .from(addresses)
    .innerJoin(users, eq(users.id, addresses.userId))
    .where(inArray(users.email, emails));
  const ids = new Map(rows.map((r) => [r.email, r.id]));
  const missing = emails.filter((e) => !ids.has(e));
  if (missing.length) throw new Error(`no address for ${missing.join(", ")}`);
  return ids;
}
