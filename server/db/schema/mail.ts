import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { stamp } from "./columns";

/** Every e-mail goes through here; the mail worker sends due rows and retries failures. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra header lines the transport adds (List-Unsubscribe of a stock alert, migration 0020); null for most mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    /** Null once the message is sent or given up on. */
    nextAttemptAt: stamp("next_attempt_at").defaultNow(),
    sentAt: stamp("sent_at"),
    lastError: text("last_error"),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
    // Given up on (unsent, no next attempt): a few rows among the week of sent mail, counted at every
    // /metrics scrape (migration 0014, docs/decisions/042-metrics.md) and purged by housekeeping.
    index("outbox_given_up_idx").on(t.createdAt).where(sql`${t.sentAt} is null and ${t.nextAttemptAt} is null`),
  ],
);
