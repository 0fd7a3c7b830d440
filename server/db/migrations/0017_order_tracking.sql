ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tracking_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tracking_number" text;