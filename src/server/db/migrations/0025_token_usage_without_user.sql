-- Decision 331: a model call made for nobody's account (omnichannel triage) is recorded without
-- a user. It counts in the administrators' totals and in no user's token limits, so the daily
-- sums per user (migration 0004) leave it out.
ALTER TABLE "token_usage" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "token_usage_without_user_idx" ON "token_usage" USING btree ("created_at") WHERE "token_usage"."user_id" is null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "token_usage_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD."user_id" IS NOT NULL THEN
    UPDATE "token_usage_daily" SET "total_tokens" = "total_tokens" - OLD."total_tokens"
    WHERE "user_id" = OLD."user_id" AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."user_id" IS NOT NULL THEN
    INSERT INTO "token_usage_daily" ("user_id", "day", "total_tokens")
    VALUES (NEW."user_id", (NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."total_tokens")
    ON CONFLICT ("user_id", "day")
    DO UPDATE SET "total_tokens" = "token_usage_daily"."total_tokens" + EXCLUDED."total_tokens";
  END IF;
  RETURN NULL;
END
$$;
