CREATE TABLE IF NOT EXISTS "size_guides" (
	"category" text PRIMARY KEY NOT NULL,
	"rows" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "fit" text CONSTRAINT "reviews_fit_answer" CHECK ("fit" in ('runs_small', 'true_to_size', 'runs_large'));
