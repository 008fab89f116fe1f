CREATE TABLE "backup_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"frequency" text NOT NULL,
	"day_of_week" integer,
	"day_of_month" integer,
	"hour" integer NOT NULL,
	"minute" integer NOT NULL,
	"retention_days" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_run" timestamp with time zone,
	"next_run" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_configs_frequency" CHECK ("backup_configs"."frequency" in ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "backup_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"config_id" integer,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"size" bigint,
	"status" text DEFAULT 'running' NOT NULL,
	"error_message" text,
	"table_count" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"is_automatic" boolean DEFAULT false NOT NULL,
	"retain_until" timestamp with time zone,
	"file_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backup_history" ADD CONSTRAINT "backup_history_config_id_backup_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."backup_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_configs_due_idx" ON "backup_configs" USING btree ("next_run") WHERE "backup_configs"."is_active";--> statement-breakpoint
CREATE INDEX "backup_history_retention_idx" ON "backup_history" USING btree ("retain_until") WHERE "backup_history"."file_deleted_at" is null;