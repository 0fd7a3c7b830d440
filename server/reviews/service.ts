import { and, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { type FitCounts, isFitAnswer, noFitCounts } from "../../domain/fit";
import { isUuid } from "../../domain/ids";
import type { LiveEvent } from "../../domain/live-events";
import {
  REVIEW_EDIT_LIMIT,
  REVIEW_RATE_LIMIT,
  reviewEditLimitMessage,
  reviewRateDecision,
  reviewRateLimitMessage,
} from "../../domain/review-rate-limit";
import { reviewErrorMessage, reviewIdSchema, reviewInputSchema, reviewMessages } from "../../domain/review-schemas";
import { reviewerDisplayName, reviewerName } from "../../domain/reviewer-name";
import type { Throttle } from "../limits/throttle";
import type { Database } from "../db/client";
import { products, reviews, users } from "../db/schema";
import type { Logger } from "../logger";
import type { ReviewItem } from "../../domain/views";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, RateLimitedError } from "../../domain/errors";

/** Who is acting, from the session: never from the request body. */
export interface ReviewActor {
  id: string;
  isAdmin: boolean;
}

export type CreateResult = { status: "created"; review: ReviewItem } | { status: "ignored" };

/** Postgres' unique_violation: a second review of one product that raced past the check. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown })?.code === "23505" || (error as { cause?: { code?: unknown } })?.cause?.code === "23505";

/** How many reviews a product page lists; the count and average cover all of them. */
export const REVIEWS_SHOWN = 100;

// Spelled out: inside a select list drizzle leaves columns unqualified (see catalog/service.ts).
const verifiedPurchase = sql<boolean>`exists (
  select 1 from orders o
  where o.user_id = "reviews"."user_id" and o.status <> 'cancelled'
    and o.items @> jsonb_build_array(jsonb_build_object('productId', "reviews"."product_id"::text))
)`;

const itemColumns = {
  id: reviews.id,
  userId: reviews.userId,
  userName: reviews.userName,
  text: reviews.text,
  rating: reviews.rating,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  verifiedPurchase,
  fit: reviews.fit,
};

type ItemRow = {
  id: string;
  userId: string;
  userName: string;
  text: string;
  rating: number;
  createdAt: Date;
  updatedAt: Date | null;
  verifiedPurchase: boolean;
  fit: string | null;
};

function toItem(row: ItemRow, viewerId: string | null): ReviewItem {
  return {
    id: row.id,
    // Whatever an older row holds, a page never gets an e-mail address here.
    userName: reviewerDisplayName(row.userName),
    text: row.text,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    verifiedPurchase: Boolean(row.verifiedPurchase),
    mine: viewerId !== null && row.userId === viewerId,
    // Whatever a row holds, only the three answers reach a page.
    fit: isFitAnswer(row.fit) ? row.fit : null,
  };
}

/**
 * Reviews: the only code that writes them. One review per shopper and product, which its
 * author may edit or delete (the administrator may delete any). The author's id and name are
 * taken from the session's user, a review's text is stored as typed (pages show it as plain
 * text), and every change is announced after it is committed.
 */
export function createReviewsService(deps: {
  db: Database;
  logger: Logger;
  publish: (event: LiveEvent) => void;
  /** Counts edits per person (edits write no row the posting limit could count). */
  throttle: Pick<Throttle, "hit">;
  rateLimit?: { max: number; windowMs: number };
  editLimit?: { max: number; windowMs: number };
}) {
  const { db } = deps;
  const rateLimit = deps.rateLimit ?? REVIEW_RATE_LIMIT;
  const editLimit = deps.editLimit ?? REVIEW_EDIT_LIMIT;
  const log = deps.logger.child({ component: "reviews" });

  async function item(reviewId: string, viewerId: string | null): Promise<ReviewItem | undefined> {
    const [row] = await db.select(itemColumns).from(reviews).where(eq(reviews.id, reviewId));
    return row ? toItem(row, viewerId) : undefined;
  }

  /** The review `reviewId` if `actor` may change it: its author, or for deletion the administrator. */
  async function ownedReview(actor: ReviewActor, reviewId: unknown, allowAdmin: boolean) {
    const id = reviewIdSchema.safeParse(reviewId);
    if (!id.success) throw new NotFoundError(reviewMessages.notFound);
    const [row] = await db
      .select({ id: reviews.id, userId: reviews.userId, productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.id, id.data));
    if (!row) throw new NotFoundError(reviewMessages.notFound);
    if (row.userId !== actor.id && !(allowAdmin && actor.isAdmin)) throw new ForbiddenError(reviewMessages.forbidden);
    return row;
  }

  return {
    /** A product's reviews, newest first, each marked when `viewerId` wrote it; an unknown product has none. */
    async list(productId: string, viewerId: string | null = null): Promise<ReviewItem[]> {
      if (!isUuid(productId)) return [];
      const rows = await db
        .select(itemColumns)
        .from(reviews)
        .where(eq(reviews.productId, productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(REVIEWS_SHOWN);
      return rows.map((row) => toItem(row, viewerId));
    },

    /** How many of a product's reviews answered each fit (all of them, not only those shown); an unknown product has none. */
    async fitCounts(productId: string): Promise<FitCounts> {
      const counts = noFitCounts();
      if (!isUuid(productId)) return counts;
      const rows = await db
        .select({ fit: reviews.fit, count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), isNotNull(reviews.fit)))
        .groupBy(reviews.fit);
      for (const row of rows) if (isFitAnswer(row.fit)) counts[row.fit] = Number(row.count);
      return counts;
    },

    /** The review `viewerId` wrote of this product, if any (it may be older than the newest shown). */
    async mine(productId: string, viewerId: string): Promise<ReviewItem | null> {
      if (!isUuid(productId)) return null;
      const [row] = await db
        .select(itemColumns)
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, viewerId)));
      return row ? toItem(row, viewerId) : null;
    },

    /**
     * Posts a review by `actor`. Input is the request's fields; anything but rating and text is
     * ignored (rating, text and the optional fit answer are read). Empty text posts nothing and is not an error (docs/product.md §5). A second review of
     * the same product is refused (409): the first one is edited instead.
     */
    async create(actor: ReviewActor, productId: string, input: unknown): Promise<CreateResult> {
      const parsed = reviewInputSchema.safeParse(input);
      if (!parsed.success) throw new InvalidInputError(reviewErrorMessage(parsed.error));
      if (!isUuid(productId)) throw new NotFoundError("Product not found");
      if (parsed.data.text === "") return { status: "ignored" };
      const { rating, text, fit } = parsed.data;

      const row = await db
        .transaction(async (tx) => {
          // One shopper's posts queue here, so two at once cannot both slip under the limit.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${actor.id}`}))`);
          const [product] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, productId))
            .for("key share");
          if (!product) throw new NotFoundError("Product not found");
          const [user] = await tx
            .select({ firstName: users.firstName, name: users.name })
            .from(users)
            .where(eq(users.id, actor.id));
          if (!user) throw new ForbiddenError("Please log in to leave a review.");
          const [existing] = await tx
            .select({ id: reviews.id })
            .from(reviews)
            .where(and(eq(reviews.productId, productId), eq(reviews.userId, actor.id)));
          if (existing) throw new ConflictError(reviewMessages.alreadyReviewed);

          // The database's clock for both the window and the new review's createdAt, read after the
          // lock: now() is when this transaction began, which can be before a post that held the lock
          // ahead of it, and the window would then leave that post out.
          const clock = (await tx.execute(sql`select clock_timestamp() as now`)) as unknown as {
            rows: { now: Date | string }[];
          };
          const nowDate = new Date(clock.rows[0].now);
          const recent = await tx
            .select({ createdAt: reviews.createdAt })
            .from(reviews)
            .where(
              and(
                eq(reviews.userId, actor.id),
                gt(reviews.createdAt, new Date(nowDate.getTime() - rateLimit.windowMs)),
              ),
            );
          const decision = reviewRateDecision(
            recent.map((r) => r.createdAt),
            nowDate,
            rateLimit,
          );
          if (!decision.allowed) {
            throw new RateLimitedError(
              reviewRateLimitMessage(decision.retryAfterSeconds, rateLimit),
              decision.retryAfterSeconds,
            );
          }

          const [inserted] = await tx
            .insert(reviews)
            .values({
              productId,
              userId: actor.id,
              userName: reviewerName(user),
              text,
              rating,
              fit,
              createdAt: nowDate,
            })
            .returning({ id: reviews.id });
          return inserted;
        })
        .catch((error) => {
          // Two posts of one shopper queue on the advisory lock above, so this is a safety net.
          if (isUniqueViolation(error)) throw new ConflictError(reviewMessages.alreadyReviewed);
          throw error;
        });

      log.info({ reviewId: row.id, productId }, "review posted");
      deps.publish({ type: "review.added", productId });
      const review = await item(row.id, actor.id);
      if (!review) throw new NotFoundError(reviewMessages.notFound);
      return { status: "created", review };
    },

    /**
     * Edits `actor`'s own review: rating and text as for a new one, the name refreshed from
     * the account. Empty text is refused (deleting is the way to remove a review).
     */
    async update(actor: ReviewActor, reviewId: unknown, input: unknown): Promise<ReviewItem> {
      const parsed = reviewInputSchema.safeParse(input);
      if (!parsed.success) throw new InvalidInputError(reviewErrorMessage(parsed.error));
      if (parsed.data.text === "") throw new InvalidInputError(reviewMessages.emptyEdit);
      const owned = await ownedReview(actor, reviewId, false);
      const edits = await deps.throttle.hit(`review-edit:${actor.id}`, editLimit);
      if (!edits.allowed)
        throw new RateLimitedError(reviewEditLimitMessage(editLimit), Math.ceil(edits.retryAfterMs / 1000));
      const [user] = await db
        .select({ firstName: users.firstName, name: users.name })
        .from(users)
        .where(eq(users.id, actor.id));
      const [updated] = await db
        .update(reviews)
        .set({
          rating: parsed.data.rating,
          text: parsed.data.text,
          fit: parsed.data.fit,
          ...(user ? { userName: reviewerName(user) } : {}),
          updatedAt: sql`now()`,
        })
        // The author again: the review cannot have changed hands, but a delete may have come first.
        .where(and(eq(reviews.id, owned.id), eq(reviews.userId, actor.id)))
        .returning({ id: reviews.id });
      if (!updated) throw new NotFoundError(reviewMessages.notFound);
      log.info({ reviewId: owned.id, productId: owned.productId }, "review edited");
      deps.publish({ type: "review.updated", productId: owned.productId });
      const review = await item(owned.id, actor.id);
      if (!review) throw new NotFoundError(reviewMessages.notFound);
      return review;
    },

    /**
     * After a profile change: the author's reviews take the name the profile gives now (its
     * first name, else 'Customer': domain/reviewer-name.ts), and each product whose reviews
     * changed is announced, so open pages and the cached pages follow. Returns how many changed.
     */
    async renameAuthor(userId: string): Promise<number> {
      const [user] = await db
        .select({ firstName: users.firstName, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return 0;
      const changed = await db
        .update(reviews)
        .set({ userName: reviewerName(user) })
        .where(and(eq(reviews.userId, userId), ne(reviews.userName, reviewerName(user))))
        .returning({ productId: reviews.productId });
      for (const productId of new Set(changed.map((row) => row.productId))) {
        deps.publish({ type: "review.updated", productId });
      }
      if (changed.length) log.info({ count: changed.length }, "reviews renamed after a profile change");
      return changed.length;
    },

    /** Deletes a review: its author, or the administrator whoever wrote it. */
    async remove(actor: ReviewActor, reviewId: unknown): Promise<{ productId: string }> {
      const owned = await ownedReview(actor, reviewId, true);
      const [deleted] = await db
        .delete(reviews)
        .where(eq(reviews.id, owned.id))
        .returning({ productId: reviews.productId });
      if (!deleted) throw new NotFoundError(reviewMessages.notFound);
      const by = owned.userId === actor.id ? "its author" : "the administrator";
      log.info({ reviewId: owned.id, productId: deleted.productId }, `review deleted by ${by}`);
      deps.publish({ type: "review.deleted", productId: deleted.productId });
      return deleted;
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
