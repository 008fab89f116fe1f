CREATE TABLE "provider_credentials" (
	"provider" text PRIMARY KEY NOT NULL,
	"api_key_sealed" text,
	"api_key_last4" text,
	"base_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_by_username" text
);
--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "ai_model" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "settings" ALTER COLUMN "ai_model" DROP NOT NULL;--> statement-breakpoint
-- 'gpt-4o' was the column default, not a choice: those users now follow the administrator's default model (decision 172).
UPDATE "settings" SET "ai_model" = NULL WHERE "ai_model" = 'gpt-4o';
