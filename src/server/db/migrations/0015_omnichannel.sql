CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"logo" text,
	"primary_color" text,
	"voice" text,
	"signature_email" text,
	"signature_chat" text,
	"legal_disclaimer" text,
	"auto_reply_enabled" boolean DEFAULT true NOT NULL,
	"max_autopilot_amount" numeric(12, 2) DEFAULT '1000' NOT NULL,
	"max_discount_percent" numeric(5, 2) DEFAULT '5' NOT NULL,
	"sla_response_minutes" integer DEFAULT 120 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"channel_type" text NOT NULL,
	"channel_identifier" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "omnichannel_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"channel_id" uuid,
	"channel_type" text NOT NULL,
	"direction" text NOT NULL,
	"thread_key" text NOT NULL,
	"sender_identifier" text NOT NULL,
	"sender_name" text,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"intent" text,
	"urgency" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"process_mode" text,
	"assigned_to" integer,
	"parent_message_id" text,
	"response_time" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "omnichannel_messages_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnichannel_messages" ADD CONSTRAINT "omnichannel_messages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnichannel_messages" ADD CONSTRAINT "omnichannel_messages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channels_brand_idx" ON "channels" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "omnichannel_messages_brand_idx" ON "omnichannel_messages" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "omnichannel_messages_thread_idx" ON "omnichannel_messages" USING btree ("thread_key","created_at");