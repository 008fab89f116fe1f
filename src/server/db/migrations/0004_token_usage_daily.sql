CREATE TABLE "token_usage_daily" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"total_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "token_usage_daily_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "token_usage_daily" ADD CONSTRAINT "token_usage_daily_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- token_usage summed per user and UTC day (schema/ai.ts tokenUsageDaily): whatever writes or
-- removes token_usage rows, the trigger keeps the sums equal.
CREATE FUNCTION "token_usage_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "token_usage_daily" SET "total_tokens" = "total_tokens" - OLD."total_tokens"
    WHERE "user_id" = OLD."user_id" AND "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "token_usage_daily" ("user_id", "day", "total_tokens")
    VALUES (NEW."user_id", (NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."total_tokens")
    ON CONFLICT ("user_id", "day")
    DO UPDATE SET "total_tokens" = "token_usage_daily"."total_tokens" + EXCLUDED."total_tokens";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "token_usage_daily_sync"
AFTER INSERT OR DELETE OR UPDATE OF "user_id", "total_tokens", "created_at" ON "token_usage"
FOR EACH ROW EXECUTE FUNCTION "token_usage_daily_apply"();
--> statement-breakpoint
INSERT INTO "token_usage_daily" ("user_id", "day", "total_tokens")
SELECT "user_id", ("created_at" AT TIME ZONE 'UTC')::date, sum("total_tokens")
FROM "token_usage" GROUP BY 1, 2;
