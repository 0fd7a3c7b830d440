-- Stock per size and colour (docs/decisions/032-stock-per-variant.md).
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text,
	"color" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_choice_unique" UNIQUE NULLS NOT DISTINCT("product_id","size","color"),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Today's stock becomes variants without losing a unit: for a product with stock N and
-- k = max(1, #sizes) × max(1, #colours) variants, in the product's size order then colour order,
-- each gets floor(N / k) and the first N mod k one more (domain/variants.ts, spreadStock).
-- A repeated size or colour name counts once, at its first place.
INSERT INTO "product_variants" ("product_id", "size", "color", "stock")
SELECT c.product_id, c.size, c.color,
	c.total / c.k + CASE WHEN c.position <= c.total % c.k THEN 1 ELSE 0 END
FROM (
	SELECT p.id AS product_id, s.size, col.color, p.stock_count AS total,
		count(*) OVER (PARTITION BY p.id) AS k,
		row_number() OVER (PARTITION BY p.id ORDER BY s.ord, col.ord) AS position
	FROM "products" p
	CROSS JOIN LATERAL (
		SELECT u.size, min(u.ord) AS ord FROM unnest(p.sizes) WITH ORDINALITY AS u(size, ord) GROUP BY u.size
		UNION ALL SELECT NULL, 0 WHERE coalesce(cardinality(p.sizes), 0) = 0
	) s
	CROSS JOIN LATERAL (
		SELECT e.value ->> 'name' AS color, min(e.ord) AS ord FROM jsonb_array_elements(p.colors) WITH ORDINALITY AS e(value, ord) GROUP BY e.value ->> 'name'
		UNION ALL SELECT NULL, 0 WHERE jsonb_array_length(p.colors) = 0
	) col
) c;
