DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "orders_listed_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_listed_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (("user_email" || ' ' || "user_name" || ' ' || "tool_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","status","total_cents") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_shown_idx" ON "reviews" USING btree ("created_at","id") WHERE "reviews"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "tools_low_stock_idx" ON "tools" USING btree ("created_at","id") WHERE "tools"."deleted_at" is null and "tools"."aq" < "tools"."moq";--> statement-breakpoint
CREATE INDEX "users_listed_idx" ON "users" USING btree ("created_at","id") WHERE "users"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_listed_idx" ON "users" USING btree ("role","created_at","id") WHERE "users"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("email" || ' ' || "name") gin_trgm_ops) WHERE "users"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "wishes_listed_idx" ON "wishes" USING btree ("status","created_at","id");