CREATE TABLE "code_session_presence" (
	"session_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"instance_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_session_presence_session_id_user_id_instance_id_pk" PRIMARY KEY("session_id","user_id","instance_id")
);
--> statement-breakpoint
ALTER TABLE "code_session_presence" ADD CONSTRAINT "code_session_presence_session_id_code_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."code_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_session_presence" ADD CONSTRAINT "code_session_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_session_presence_instance_idx" ON "code_session_presence" USING btree ("instance_id");