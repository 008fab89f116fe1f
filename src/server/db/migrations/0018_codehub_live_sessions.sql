CREATE TABLE "code_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" integer,
	"action_type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"position" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"update" "bytea"
);
--> statement-breakpoint
CREATE TABLE "code_session_participants" (
	"session_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'viewer' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"connection_status" text DEFAULT 'offline' NOT NULL,
	"cursor_position" jsonb,
	CONSTRAINT "code_session_participants_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "code_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"host_user_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"mode" text DEFAULT 'collaborative' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"doc_state" "bytea",
	"doc_state_action_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_actions" ADD CONSTRAINT "code_actions_session_id_code_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."code_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_actions" ADD CONSTRAINT "code_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_session_participants" ADD CONSTRAINT "code_session_participants_session_id_code_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."code_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_session_participants" ADD CONSTRAINT "code_session_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_sessions" ADD CONSTRAINT "code_sessions_project_id_code_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."code_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_sessions" ADD CONSTRAINT "code_sessions_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_actions_session_idx" ON "code_actions" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "code_session_participants_user_idx" ON "code_session_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "code_sessions_host_idx" ON "code_sessions" USING btree ("host_user_id","started_at");--> statement-breakpoint
CREATE INDEX "code_sessions_project_idx" ON "code_sessions" USING btree ("project_id");