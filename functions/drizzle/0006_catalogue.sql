-- The catalogue's search (docs/decisions/0013-catalogue-search-and-pages.md): full text finds the
-- tools, and pg_trgm corrects a search's words against every word the catalogue has. pg_trgm ships
-- with PostgreSQL, is trusted (PostgreSQL 13+) and offered by Cloud SQL; PGlite loads it (db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalogue_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "tools"."name" || ' ' || "tools"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "catalogue_words_trigram_idx" ON "catalogue_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tools_by_name_idx" ON "tools" USING btree (lower("name"),"id") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_by_price_idx" ON "tools" USING btree ("price_cents","id") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector") WHERE "tools"."deleted_at" is null;--> statement-breakpoint
-- The words of every tool, however it is written (the API, the demo data, a bulk load): words of
-- three letters or more; codes and numbers are matched as typed. Inserts are handled once per
-- statement, so loading many tools costs one pass; an update handles only rows whose text changed,
-- so taking stock costs nothing.
CREATE FUNCTION "catalogue_words_of_inserted_tools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word")
  SELECT DISTINCT "lexeme" FROM "inserted_tools", unnest("inserted_tools"."search_vector")
  WHERE "lexeme" ~ '^[[:alpha:]]{3,}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "catalogue_words_of_updated_tool"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalogue_words" ("word")
  SELECT DISTINCT "lexeme" FROM unnest(NEW."search_vector")
  WHERE "lexeme" ~ '^[[:alpha:]]{3,}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_inserted_words" AFTER INSERT ON "tools" REFERENCING NEW TABLE AS "inserted_tools"
FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_words_of_inserted_tools"();--> statement-breakpoint
CREATE TRIGGER "tools_updated_words" AFTER UPDATE OF "name", "description" ON "tools"
FOR EACH ROW EXECUTE FUNCTION "catalogue_words_of_updated_tool"();--> statement-breakpoint
INSERT INTO "catalogue_words" ("word")
SELECT DISTINCT "lexeme" FROM "tools", unnest("tools"."search_vector")
WHERE "lexeme" ~ '^[[:alpha:]]{3,}$'
ON CONFLICT DO NOTHING;
