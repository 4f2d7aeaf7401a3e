-- The reviews module keeps whether a review's author was removed (docs/decisions/0023-wishers-read-model.md),
-- so the home page reads its newest shown reviews from one index, however many a removed account wrote.
DROP INDEX "reviews_shown_idx";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_removed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "reviews" SET "author_removed" = true
WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "removed_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "reviews_shown_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."removed_at" is null and not "reviews"."author_removed";--> statement-breakpoint
-- User Wish's copy of the accounts, brought up to date once more: an account removed or moved by an
-- instance still on the code before migration 0011 is written here as it is now.
INSERT INTO "wishers" ("user_id", "email", "removed")
SELECT "id", "email", "removed_at" IS NOT NULL FROM "users"
ON CONFLICT ("user_id") DO UPDATE SET "email" = excluded."email", "removed" = excluded."removed"
WHERE ("wishers"."email", "wishers"."removed") IS DISTINCT FROM (excluded."email", excluded."removed");
