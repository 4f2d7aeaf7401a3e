CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"user_phone" text NOT NULL,
	"user_address" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"idempotency_key" text,
	"order_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_total_not_negative" CHECK ("checkouts"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partial_refunds" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partial_refunds_amount_positive" CHECK ("partial_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_known";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_user_idempotency_key" ON "checkouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "partial_refunds_due_idx" ON "partial_refunds" USING btree ("provider","updated_at") WHERE "partial_refunds"."status" = 'due';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id") WHERE "orders"."checkout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_attempt_key" ON "payments" USING btree ("checkout_id","attempt");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('tool.created', 'tool.updated', 'tool.deleted', 'tool.stock_moved', 'user.made_admin', 'user.removed', 'order.shipped', 'order.cancelled', 'order.refunded', 'checkout.cancelled', 'review.removed', 'wish.resolved'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_known" CHECK ("audit_log"."target_type" in ('tool', 'user', 'order', 'checkout', 'review', 'wish'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one" CHECK (num_nonnulls("payments"."order_id", "payments"."checkout_id") = 1);