CREATE TABLE IF NOT EXISTS "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"refunds_seen" integer,
	"restock" boolean,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "return_requests_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "return_requests_status_known" CHECK ("return_requests"."status" in ('requested', 'approved', 'declined', 'refunded')),
	CONSTRAINT "return_requests_reason_known" CHECK ("return_requests"."reason" in ('wrong_size', 'not_as_expected', 'damaged', 'changed_mind', 'other'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "return_requests_order" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "return_requests_one_open_per_order" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" in ('requested', 'approved');