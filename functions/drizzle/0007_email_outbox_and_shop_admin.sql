CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_known" CHECK ("stock_movements"."kind" in ('initial', 'restock', 'correction'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_event_key" ON "outbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "stock_movements_tool_idx" ON "stock_movements" USING btree ("tool_id","id");--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('tool.created', 'tool.updated', 'tool.deleted', 'tool.stock_moved', 'user.made_admin', 'user.removed', 'order.shipped', 'order.cancelled', 'order.refunded', 'review.removed', 'wish.resolved'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_known" CHECK ("audit_log"."target_type" in ('tool', 'user', 'order', 'review', 'wish'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'shipped', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_status_known" CHECK ("wishes"."status" in ('open', 'done', 'declined'));--> statement-breakpoint
-- Each tool's ledger starts with the stock it was created with, however it is written (the API, the
-- demo data, a bulk load): one insert per statement, like the catalogue's words.
CREATE FUNCTION "stock_movements_of_inserted_tools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stock_movements" ("tool_id", "kind", "quantity", "reason")
  SELECT "id", 'initial', "aq", '' FROM "inserted_tools";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_inserted_stock" AFTER INSERT ON "tools" REFERENCING NEW TABLE AS "inserted_tools"
FOR EACH STATEMENT EXECUTE FUNCTION "stock_movements_of_inserted_tools"();--> statement-breakpoint
-- Tools that existed before the ledger start it with what they account for now: the units on the
-- shelf and those held by orders that were not cancelled.
INSERT INTO "stock_movements" ("tool_id", "kind", "quantity", "reason")
SELECT "tools"."id", 'initial', "tools"."aq" + coalesce(sum("orders"."quantity") FILTER (WHERE "orders"."status" IN ('unpaid', 'paid', 'shipped')), 0), ''
FROM "tools" LEFT JOIN "orders" ON "orders"."tool_id" = "tools"."id"
GROUP BY "tools"."id";
