-- Partial cancellations (docs/decisions/039-returns-only-after-shipping.md): pieces of an order not shipped yet, refunded and restocked while the order goes on. Rows of the earlier kinds are unchanged; a release before this one reads such a row as a return with restock.
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_kind_known";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_kind_known" CHECK ("order_refunds"."kind" in ('cancellation', 'partial_cancellation', 'return'));
