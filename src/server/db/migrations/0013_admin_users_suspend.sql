ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "token_usage_time_idx" ON "token_usage" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_sessions_time_idx" ON "user_sessions" USING btree ("login_time");