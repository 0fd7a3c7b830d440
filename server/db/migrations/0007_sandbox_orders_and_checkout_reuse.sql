ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_status_known";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cart_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "offer_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_one_open_per_cart" ON "checkouts" USING btree ("user_id","cart_key") WHERE "checkouts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_one_per_checkout" ON "sandbox_payments" USING btree ("checkout_id","kind");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_status_known" CHECK ("checkouts"."status" in ('pending', 'completed', 'failed', 'refunded', 'expired', 'superseded'));--> statement-breakpoint
-- Orders paid before this column existed: those whose checkout the built-in sandbox took are sandbox orders.
UPDATE "orders" SET "sandbox" = true WHERE "checkout_id" IN (SELECT "checkout_id" FROM "sandbox_payments");