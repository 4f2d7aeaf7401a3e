-- Counters lost in a crash only give each client a fresh window, so the table skips the write-ahead
-- log: a limited request then commits without waiting for a disk flush (docs/decisions/0010).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"window_start" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY("window_start","key")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "releases_at" timestamp with time zone;--> statement-breakpoint
-- Orders left unpaid before the hold was stored get the default hold of 60 minutes from their placement.
UPDATE "orders" SET "releases_at" = "created_at" + interval '60 minutes' WHERE "status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_unpaid_by_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'unpaid';
