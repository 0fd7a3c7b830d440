CREATE TABLE IF NOT EXISTS "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "headers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_one_waiting" ON "stock_alerts" USING btree ("user_id","product_id","size","color") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_waiting_product" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."notified_at" is null;
