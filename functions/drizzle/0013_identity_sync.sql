-- Make Admin and Remove User tell Firebase after they commit; until Firebase agrees, the account
-- says since when it is due, and the syncIdentities job tells Firebase again (identity-sync.ts).
ALTER TABLE "users" ADD COLUMN "identity_sync_due" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_identity_due_idx" ON "users" USING btree ("identity_sync_due") WHERE "users"."identity_sync_due" is not null;