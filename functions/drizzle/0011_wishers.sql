-- User Wish's own copy of each account (docs/decisions/0023-wishers-read-model.md): the address the
-- admin's wish list shows and searches, and the wished-for tool's e-mail goes to, without reading
-- the users module's table. From here on the users module keeps it current through the wishes service.
CREATE TABLE "wishers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wishers" ADD CONSTRAINT "wishers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wishers_email_search_idx" ON "wishers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Every account there is, removed or not: a removed wisher's address is still found by a search,
-- though no longer shown.
INSERT INTO "wishers" ("user_id", "email", "removed")
SELECT "id", "email", "removed_at" IS NOT NULL FROM "users";
