-- Forgiving search (issue 27, decision 059). Re-runnable; rolling-upgrade safe: 0.4.0 ignores the new
-- column, tables and functions, and its product writes fill them through the generated column and the trigger.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is STABLE (it reads its dictionary by name); an index or a generated column needs an
-- IMMUTABLE function, so this wrapper names the dictionary and the function by their schema.
DO $$
DECLARE s text;
BEGIN
  SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION store_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT %I.unaccent(%L::regdictionary, $1)', s, quote_ident(s) || '.unaccent')
  );
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_search_document(title text, category text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english'::regconfig, store_unaccent(coalesce(title, ''))), 'A')
            || setweight(to_tsvector('english'::regconfig, store_unaccent(coalesce(category, ''))), 'B')
            || setweight(to_tsvector('english'::regconfig, store_unaccent(coalesce(description, ''))), 'C') $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_document" tsvector
  GENERATED ALWAYS AS (store_search_document("title", "category", "description")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_document_idx" ON "products" USING gin ("search_document");--> statement-breakpoint
-- The catalogue's words, unaccented and lower-case, for typo corrections: the nearest by trigram
-- distance, read through a GiST index (it serves ORDER BY word <-> 'typo' LIMIT n).
CREATE TABLE IF NOT EXISTS "search_words" (
  "word" text PRIMARY KEY
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig,
    store_unaccent(NEW.title || ' ' || NEW.category || ' ' || NEW.description)))) AS w
  WHERE length(w) BETWEEN 3 AND 40 AND w ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "title", "category", "description" ON "products"
  FOR EACH ROW EXECUTE FUNCTION store_search_words_add();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT word FROM ts_stat('SELECT to_tsvector(''simple''::regconfig, store_unaccent(title || '' '' || category || '' '' || description)) FROM products')
WHERE length(word) BETWEEN 3 AND 40 AND word ~ '^[[:alpha:]]+$'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Words the owner counts as one ("tee" = "t-shirt"), edited in the admin's Search tab.
CREATE TABLE IF NOT EXISTS "search_synonyms" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "terms" text[] NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "search_synonyms_terms_count" CHECK (cardinality("terms") BETWEEN 2 AND 10)
);
