CREATE TABLE "verified_mail_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "awaiting_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "verified_mail_addresses_recent_idx" ON "verified_mail_addresses" USING btree ("verified_at");--> statement-breakpoint
CREATE INDEX "orders_cooling_idx" ON "orders" USING btree ("user_id","tool_id","cancelled_at") WHERE "orders"."status" = 'cancelled' and "orders"."cancelled_by" in ('buyer', 'hold');--> statement-breakpoint
CREATE INDEX "outbox_awaiting_idx" ON "outbox" USING btree ("recipient") WHERE "outbox"."sent_at" is null and "outbox"."awaiting_verification";--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and not "outbox"."awaiting_verification";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_known" CHECK ("orders"."cancelled_by" in ('buyer', 'shop', 'hold'));