ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
-- Payments settled by the sandbox before this column existed: the sandbox kept the card's last four with its intent.
UPDATE "payments" SET "card_last4" = "sandbox_intents"."card_last4"
FROM "sandbox_intents"
WHERE "payments"."intent_id" = "sandbox_intents"."id" AND "payments"."status" = 'succeeded';--> statement-breakpoint
UPDATE "orders" SET "card_last4" = "payments"."card_last4"
FROM "payments"
WHERE "orders"."transaction_id" = "payments"."intent_id" AND "payments"."status" = 'succeeded' AND "orders"."status" IN ('paid', 'shipped');
