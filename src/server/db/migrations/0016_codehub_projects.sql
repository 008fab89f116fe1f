CREATE TABLE "code_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_files_project_filename_key" UNIQUE("project_id","filename")
);
--> statement-breakpoint
CREATE TABLE "code_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_files" ADD CONSTRAINT "code_files_project_id_code_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."code_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_projects" ADD CONSTRAINT "code_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_files_one_main_key" ON "code_files" USING btree ("project_id") WHERE "code_files"."is_main";--> statement-breakpoint
CREATE INDEX "code_projects_user_idx" ON "code_projects" USING btree ("user_id","last_active_at");--> statement-breakpoint
CREATE INDEX "code_projects_public_idx" ON "code_projects" USING btree ("last_active_at") WHERE "code_projects"."is_public";