-- Discount codes (docs/decisions/034-discount-codes.md): the codes, one redemption per order, and the discount on checkouts and orders.
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_cents" integer,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"total_limit" integer,
	"per_customer_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_value_fits_kind" CHECK (("discount_codes"."kind" = 'percent' and "discount_codes"."percent" between 1 and 100 and "discount_codes"."amount_cents" is null) or ("discount_codes"."kind" = 'fixed' and "discount_codes"."amount_cents" > 0 and "discount_codes"."percent" is null)),
	CONSTRAINT "discount_codes_min_subtotal_nonnegative" CHECK ("discount_codes"."min_subtotal_cents" >= 0),
	CONSTRAINT "discount_codes_ends_after_start" CHECK ("discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at"),
	CONSTRAINT "discount_codes_limits_positive" CHECK (("discount_codes"."total_limit" is null or "discount_codes"."total_limit" >= 1) and ("discount_codes"."per_customer_limit" is null or "discount_codes"."per_customer_limit" >= 1)),
	CONSTRAINT "discount_codes_uses_within_limit" CHECK ("discount_codes"."used_count" >= 0 and ("discount_codes"."total_limit" is null or "discount_codes"."used_count" <= "discount_codes"."total_limit"))
);--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_order_id_unique" UNIQUE("order_id")
);--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("discount_id","user_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_id" uuid;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_total_adds_up";--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_total_adds_up" CHECK ("checkouts"."subtotal_cents" >= 0 and "checkouts"."discount_cents" >= 0 and "checkouts"."discount_cents" <= "checkouts"."subtotal_cents" and "checkouts"."tax_cents" >= 0 and "checkouts"."shipping_cents" >= 0 and "checkouts"."total_cents" = "checkouts"."subtotal_cents" - "checkouts"."discount_cents" + "checkouts"."tax_cents" + "checkouts"."shipping_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."discount_cents" <= "orders"."subtotal_cents" and "orders"."tax_cents" >= 0 and "orders"."shipping_cents" >= 0);
