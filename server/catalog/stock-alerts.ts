import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { InvalidInputError, NotFoundError, RateLimitedError } from "../../domain/errors";
import { isUuid } from "../../domain/ids";
import { isColorText, isSize, lineColor } from "../../domain/line-choice";
import {
  type AlertRefusal,
  choicePart,
  decideAlertRequest,
  offersChoice,
  productChoicePath,
  SPENT_ALERT_RETENTION_DAYS,
  stockAlertTexts,
  storedPart,
} from "../../domain/stock-alerts";
import type { VariantChoice } from "../../domain/variants";
import type { Database, Tx } from "../db/client";
import { products, productVariants, stockAlerts, users } from "../db/schema";
import type { Throttle } from "../limits/throttle";
import { enqueueMail } from "../mail/outbox";
import { backInStockEmail } from "./stock-alert-email";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token";

/** The variant a request waits for: its product, and the size and colour ('' for none) it names. */
const variantOfAlert = and(
  eq(productVariants.productId, stockAlerts.productId),
  sql`coalesce(${productVariants.size}, '') = ${stockAlerts.size}`,
  sql`coalesce(${productVariants.color}, '') = ${stockAlerts.color}`,
);

/**
 * "Notify me" (docs/decisions/061-stock-alerts.md): the only module that writes `stock_alerts`.
 * A request waits until its size and colour has stock again; the transaction that gives it stock
 * (server/catalog/variant-stock.ts: the stock grid, the import, a cancellation or return that
 * restocks, a PayPal hold given back) calls `releaseRestockedAlerts`, which marks every waiting
 * request of a combination now in stock as spent and queues its e-mail, in that same transaction.
 * The mark is a compare-and-set (`notified_at is null`), so two instances, or a restock and the
 * hourly sweep, never send one request twice.
 */

/** What the restock needs to write the e-mails: the store's address and its secret (for the unsubscribe link). */
export interface RestockAlerts {
  publicUrl: string;
  secret: string;
}

/** How often a shopper may set or cancel stock alerts: the same guard as other shopper writes. */
export const ALERT_WRITE_LIMIT = { max: 60, windowMs: 10 * 60_000 };

export interface StockAlertView {
  id: string;
  productId: string;
  productTitle: string;
  size: string | null;
  color: string | null;
  createdAt: string;
  /** The product page with this size and colour chosen. */
  href: string;
}

/**
 * Marks every waiting request of these products whose combination has stock now as spent, and
 * queues one e-mail per request, in the caller's transaction. Requests of a shopper whose address
 * is not verified (any more) are left waiting: nothing is sent to an unverified address.
 * Returns how many e-mails were queued.
 */
export async function releaseRestockedAlerts(
  tx: Pick<Tx, "select" | "update" | "insert">,
  productIds: readonly string[],
  alerts: RestockAlerts,
): Promise<number> {
  if (!productIds.length) return 0;
  const ready = await tx
    .select({
      id: stockAlerts.id,
      userId: stockAlerts.userId,
      productId: stockAlerts.productId,
      size: stockAlerts.size,
      color: stockAlerts.color,
      email: users.email,
      firstName: users.firstName,
      name: users.name,
      title: products.title,
    })
    .from(stockAlerts)
    .innerJoin(productVariants, variantOfAlert)
    .innerJoin(users, eq(users.id, stockAlerts.userId))
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(
      and(
        inArray(stockAlerts.productId, [...productIds]),
        isNull(stockAlerts.notifiedAt),
        sql`${productVariants.stock} > 0`,
        eq(users.emailVerified, true),
      ),
    )
    .orderBy(asc(stockAlerts.createdAt), asc(stockAlerts.id));
  if (!ready.length) return 0;
  // The compare-and-set: a request another transaction spent meanwhile is not returned here.
  const spent = await tx
    .update(stockAlerts)
    .set({ notifiedAt: new Date() })
    .where(
      and(
        inArray(
          stockAlerts.id,
          ready.map((row) => row.id),
        ),
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .returning({ id: stockAlerts.id });
  const ids = new Set(spent.map((row) => row.id));
  for (const row of ready.filter((r) => ids.has(r.id))) {
    await enqueueMail(
      tx,
      backInStockEmail(
        {
          email: row.email,
          name: row.firstName?.trim() || row.name,
          productId: row.productId,
          productTitle: row.title,
          choice: { size: choicePart(row.size), color: choicePart(row.color) },
        },
        alerts.publicUrl,
        unsubscribeToken(alerts.secret, row.userId),
      ),
    );
  }
  return ids.size;
}

class AlertRefused extends InvalidInputError {}

const REFUSAL_TEXT: Record<AlertRefusal, string> = {
  unverified: stockAlertTexts.unverified,
  notOffered: stockAlertTexts.notOffered,
  inStock: stockAlertTexts.inStock,
  limit: stockAlertTexts.limit,
};

/** The size and colour of a request as posted: the store's sizes only, a colour of a sensible length. */
function readChoice(input: { size?: unknown; color?: unknown }): VariantChoice {
  const size = input.size === undefined || input.size === null || input.size === "" ? null : input.size;
  const color = input.color === undefined || input.color === null ? null : input.color;
  if (size !== null && !isSize(size)) throw new AlertRefused(stockAlertTexts.notOffered);
  if (color !== null && (typeof color !== "string" || !isColorText(color)))
    throw new AlertRefused(stockAlertTexts.notOffered);
  return { size, color: lineColor(color as string | null) };
}

export function createStockAlertsService(deps: {
  db: Database;
  throttle: Throttle;
  restock: RestockAlerts;
  wakeMail?: () => void;
}) {
  const { db } = deps;
  // Asked on every product page a signed-in shopper opens (the page store's key, decision 064): planned once per connection.
  const waitingStatement = db
    .select({ size: stockAlerts.size, color: stockAlerts.color })
    .from(stockAlerts)
    .where(
      and(
        eq(stockAlerts.userId, sql.placeholder("userId")),
        eq(stockAlerts.productId, sql.placeholder("productId")),
        isNull(stockAlerts.notifiedAt),
      ),
    )
    .prepare("threadline_stock_alerts_waiting");

  async function guard(userId: string) {
    const verdict = await deps.throttle.hit(`stock-alert:${userId}`, ALERT_WRITE_LIMIT);
    if (!verdict.allowed) throw new RateLimitedError(stockAlertTexts.tooMany, Math.ceil(verdict.retryAfterMs / 1000));
  }

  return {
    /**
     * "Notify me" for one size and colour of a product. Returns "created", or "exists" when the
     * shopper waits for it already (pressing twice changes nothing). Refuses (400) an unverified
     * address, a combination the product does not have or has in stock, and a 51st waiting
     * request; an unknown product is a 404.
     */
    async request(
      userId: string,
      input: { productId: unknown; size?: unknown; color?: unknown },
    ): Promise<"created" | "exists"> {
      if (!isUuid(input.productId)) throw new NotFoundError("Product not found");
      const productId = input.productId;
      const choice = readChoice(input);
      await guard(userId);
      return db.transaction(async (tx) => {
        // One shopper's requests queue here, so two at once cannot both slip under the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stock-alert:${userId}`}))`);
        // A share lock on the product: a restock holds it (update) until it commits, so this
        // request either sees the new stock (and is refused) or is seen by the restock's release.
        const [product] = await tx
          .select({ sizes: products.sizes, colors: products.colors })
          .from(products)
          .where(eq(products.id, productId))
          .for("share");
        if (!product) throw new NotFoundError("Product not found");
        const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
        if (!user) throw new NotFoundError("Account not found");
        const [variant] = await tx
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(
            and(
              eq(productVariants.productId, productId),
              sql`${productVariants.size} is not distinct from ${choice.size}::text`,
              sql`${productVariants.color} is not distinct from ${choice.color}::text`,
            ),
          );
        const waiting = await tx
          .select({ size: stockAlerts.size, color: stockAlerts.color, productId: stockAlerts.productId })
          .from(stockAlerts)
          .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)));
        const decision = decideAlertRequest({
          emailVerified: user.verified,
          offered: offersChoice(
            product.sizes,
            product.colors.map((c) => c.name),
            choice,
          ),
          stock: variant?.stock ?? 0,
          waiting: waiting.length,
          alreadyWaiting: waiting.some(
            (w) =>
              w.productId === productId && w.size === storedPart(choice.size) && w.color === storedPart(choice.color),
          ),
        });
        if (decision === "exists") return "exists";
        if (decision !== "create") throw new AlertRefused(REFUSAL_TEXT[decision]);
        await tx.insert(stockAlerts).values({
          userId,
          productId,
          size: storedPart(choice.size),
          color: storedPart(choice.color),
        });
        return "created";
      });
    },

    /** Cancels one of the shopper's waiting requests; someone else's, a spent one or an unknown id is a 404. */
    async cancel(userId: string, alertId: unknown): Promise<void> {
      if (!isUuid(alertId)) throw new NotFoundError("Stock alert not found");
      await guard(userId);
      const deleted = await db
        .delete(stockAlerts)
        .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
        .returning({ id: stockAlerts.id });
      if (!deleted.length) throw new NotFoundError("Stock alert not found");
    },

    /** The shopper's waiting requests, newest first, for the profile. */
    async list(userId: string): Promise<StockAlertView[]> {
      const rows = await db
        .select({
          id: stockAlerts.id,
          productId: stockAlerts.productId,
          productTitle: products.title,
          size: stockAlerts.size,
          color: stockAlerts.color,
          createdAt: stockAlerts.createdAt,
        })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
        .orderBy(sql`${stockAlerts.createdAt} desc`, asc(stockAlerts.id));
      return rows.map((row) => {
        const choice = { size: choicePart(row.size), color: choicePart(row.color) };
        return {
          ...row,
          ...choice,
          createdAt: row.createdAt.toISOString(),
          href: productChoicePath(row.productId, choice),
        };
      });
    },

    /** The combinations of one product the shopper waits for (the product page's "We will email you"). */
    async waitingFor(userId: string, productId: string): Promise<VariantChoice[]> {
      if (!isUuid(productId)) return [];
      const rows = await waitingStatement.execute({ userId, productId });
      return rows.map((row) => ({ size: choicePart(row.size), color: choicePart(row.color) }));
    },

    /** Whether an unsubscribe token is one of this store's (the page shows its button only then). */
    tokenValid: (token: unknown) => readUnsubscribeToken(deps.restock.secret, token) !== null,

    /**
     * The one-click unsubscribe (RFC 8058): every waiting request of the token's shopper is
     * cancelled. Returns how many, or null for a token that is not the store's. A second POST
     * finds nothing left and answers 0.
     */
    async unsubscribe(token: unknown): Promise<number | null> {
      const userId = readUnsubscribeToken(deps.restock.secret, token);
      if (userId === null) return null;
      const deleted = await db
        .delete(stockAlerts)
        .where(and(eq(stockAlerts.userId, userId), isNull(stockAlerts.notifiedAt)))
        .returning({ id: stockAlerts.id });
      return deleted.length;
    },

    /**
     * Housekeeping (hourly): releases the waiting requests of every product whose combination has
     * stock, for restocks no release saw (an instance of 0.4.0 during a rolling upgrade, a
     * database edit), and deletes spent requests older than SPENT_ALERT_RETENTION_DAYS.
     */
    async sweep(now = new Date()): Promise<{ released: number; purged: number }> {
      // Only products with a waiting request whose combination has stock now: the rest are not locked.
      const waiting = await db
        .selectDistinct({ productId: stockAlerts.productId })
        .from(stockAlerts)
        .innerJoin(productVariants, variantOfAlert)
        .where(and(isNull(stockAlerts.notifiedAt), sql`${productVariants.stock} > 0`));
      let released = 0;
      for (const { productId } of waiting) {
        released += await db.transaction(async (tx) => {
          await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
          return releaseRestockedAlerts(tx, [productId], deps.restock);
        });
      }
      if (released) deps.wakeMail?.();
      const cutoff = new Date(now.getTime() - SPENT_ALERT_RETENTION_DAYS * 86_400_000);
      const purged = await db
        .delete(stockAlerts)
        .where(and(isNotNull(stockAlerts.notifiedAt), lt(stockAlerts.notifiedAt, cutoff)))
        .returning({ id: stockAlerts.id });
      return { released, purged: purged.length };
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
