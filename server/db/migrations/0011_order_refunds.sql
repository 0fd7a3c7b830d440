-- Refunds of orders: cancellations and returns, each a row written by server/orders/refunds.ts (docs/decisions/033-refunds-returns-and-customer-cancel.md).
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"restocked" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"failure_reason" text,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "order_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "order_refunds_kind_known" CHECK ("order_refunds"."kind" in ('cancellation', 'return')),
	CONSTRAINT "order_refunds_status_known" CHECK ("order_refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "order_refunds_actor_known" CHECK ("order_refunds"."actor" in ('admin', 'customer')),
	CONSTRAINT "order_refunds_amount_nonnegative" CHECK ("order_refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_sequence" ON "order_refunds" USING btree ("order_id","sequence");--> statement-breakpoint
-- At most one refund of an order is under way at a time.
CREATE UNIQUE INDEX "order_refunds_one_pending_per_order" ON "order_refunds" USING btree ("order_id") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
-- The sandbox's refunds of a payment, keyed by the idempotency key: [{key, id, amountCents}]. refunded_at stays "refunded in full".
ALTER TABLE "sandbox_payments" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;
