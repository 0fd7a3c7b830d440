import { and, desc, eq, gt, sql } from "drizzle-orm";
import { isUuid } from "../../domain/ids";
import type { LiveEvent } from "../../domain/live-events";
import { REVIEW_RATE_LIMIT, reviewRateDecision, reviewRateLimitMessage } from "../../domain/review-rate-limit";
import { reviewErrorMessage, reviewIdSchema, reviewInputSchema, reviewMessages } from "../../domain/review-schemas";
import type { Database } from "../db/client";
import { products, reviews, users } from "../db/schema";
import { ForbiddenError, InvalidRequestError, NotFoundError, TooManyRequestsError } from "../errors";
import type { Logger } from "../logger";

/** A review as pages show it. The author's id stays on the server. */
export interface ReviewItem {
  id: string;
  userName: string;
  text: string;
  rating: number;
  createdAt: string;
  /** The author has an order (not cancelled) with this product. */
  verifiedPurchase: boolean;
}

/** Who is acting, from the session: never from the request body. */
export interface ReviewActor {
  id: string;
  isAdmin: boolean;
}

export type CreateResult = { status: "created"; review: ReviewItem } | { status: "ignored" };

/** How many reviews a product page lists; the count and average cover all of them. */
export const REVIEWS_SHOWN = 100;

// Spelled out: inside a select list drizzle leaves columns unqualified (see catalog/service.ts).
const verifiedPurchase = sql<boolean>`exists (
  select 1 from orders o
  where o.user_id = "reviews"."user_id" and o.status <> 'cancelled'
    and o.items @> jsonb_build_array(jsonb_build_object('productId', "reviews"."product_id"::text))
)`;

/** The name a review shows: first and last name, else the account's display name, else the e-mail (spec section 3). */
export function displayName(user: { firstName: string | null; lastName: string | null; name: string; email: string }): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ") || user.name.trim() || user.email;
}

/**
 * Reviews: the only code that writes them. The author's id and name are taken from the
 * session's user, a review's text is stored as typed (pages show it as plain text), and
 * every change is announced after it is committed.
 */
export function createReviewsService(deps: {
  db: Database;
  logger: Logger;
  publish: (event: LiveEvent) => void;
  rateLimit?: { max: number; windowMs: number };
}) {
  const { db } = deps;
  const rateLimit = deps.rateLimit ?? REVIEW_RATE_LIMIT;
  const log = deps.logger.child({ component: "reviews" });

  return {
    /** A product's reviews, newest first; an unknown product has none. */
    async list(productId: string): Promise<ReviewItem[]> {
      if (!isUuid(productId)) return [];
      const rows = await db
        .select({
          id: reviews.id,
          userName: reviews.userName,
          text: reviews.text,
          rating: reviews.rating,
          createdAt: reviews.createdAt,
          verifiedPurchase,
        })
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_SHOWN);
      return rows.map((r) => ({ ...r, verifiedPurchase: Boolean(r.verifiedPurchase), createdAt: r.createdAt.toISOString() }));
    },

    /**
     * Posts a review by `actor`. Input is the request's fields; anything but rating and text is
     * ignored. Empty text posts nothing and is not an error (spec section 5).
     */
    async create(actor: ReviewActor, productId: string, input: unknown): Promise<CreateResult> {
      const parsed = reviewInputSchema.safeParse(input);
      if (!parsed.success) throw new InvalidRequestError(reviewErrorMessage(parsed.error));
      if (!isUuid(productId)) throw new NotFoundError("Product not found");
      if (parsed.data.text === "") return { status: "ignored" };
      const { rating, text } = parsed.data;

      const row = await db.transaction(async (tx) => {
        // One shopper's posts queue here, so two at once cannot both slip under the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${actor.id}`}))`);
        const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("key share");
        if (!product) throw new NotFoundError("Product not found");
        const [user] = await tx
          .select({ firstName: users.firstName, lastName: users.lastName, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, actor.id));
        if (!user) throw new ForbiddenError("Please log in to leave a review.");

        // The database's clock for both the window and the new review's createdAt.
        const clock = (await tx.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
        const nowDate = new Date(clock.rows[0].now);
        const recent = await tx
          .select({ createdAt: reviews.createdAt })
          .from(reviews)
          .where(and(eq(reviews.userId, actor.id), gt(reviews.createdAt, new Date(nowDate.getTime() - rateLimit.windowMs))));
        const decision = reviewRateDecision(
          recent.map((r) => r.createdAt),
          nowDate,
          rateLimit,
        );
        if (!decision.allowed) {
          throw new TooManyRequestsError(reviewRateLimitMessage(decision.retryAfterSeconds, rateLimit), decision.retryAfterSeconds);
        }

        const [inserted] = await tx
          .insert(reviews)
          .values({ productId, userId: actor.id, userName: displayName(user), text, rating, createdAt: nowDate })
          .returning();
        return inserted;
      });

      log.info({ reviewId: row.id, productId }, "review posted");
      deps.publish({ type: "review.added", productId });
      const [item] = await db
        .select({ verifiedPurchase })
        .from(reviews)
        .where(eq(reviews.id, row.id));
      return {
        status: "created",
        review: {
          id: row.id,
          userName: row.userName,
          text: row.text,
          rating: row.rating,
          createdAt: row.createdAt.toISOString(),
          verifiedPurchase: Boolean(item?.verifiedPurchase),
        },
      };
    },

    /** Deletes a review: the administrator only, whoever wrote it. */
    async remove(actor: ReviewActor, reviewId: unknown): Promise<{ productId: string }> {
      if (!actor.isAdmin) throw new ForbiddenError(reviewMessages.forbidden);
      const id = reviewIdSchema.safeParse(reviewId);
      if (!id.success) throw new NotFoundError(reviewMessages.notFound);
      const [deleted] = await db.delete(reviews).where(eq(reviews.id, id.data)).returning({ productId: reviews.productId });
      if (!deleted) throw new NotFoundError(reviewMessages.notFound);
      log.info({ reviewId: id.data, productId: deleted.productId }, "review deleted by the administrator");
      deps.publish({ type: "review.deleted", productId: deleted.productId });
      return deleted;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
