ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- A shopper may have posted several reviews of one product before this rule: the newest one is
-- their current opinion and stays; the older ones go, so the unique index below can be built.
DELETE FROM "reviews" AS older
USING "reviews" AS newer
WHERE newer."product_id" = older."product_id"
  AND newer."user_id" = older."user_id"
  AND (newer."created_at", newer."id") > (older."created_at", older."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_author_idx" ON "reviews" USING btree ("product_id","user_id");
