-- The order's subtotal was named total_cents while a checkout's total_cents is the grand total: renamed, data kept (docs/decisions/018-checkout-line-contract.md).
ALTER TABLE "orders" RENAME COLUMN "total_cents" TO "subtotal_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_nonnegative" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."tax_cents" >= 0 and "orders"."shipping_cents" >= 0);