CREATE TABLE "acl_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"policy_type" text NOT NULL,
	"name" text NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_knowledge" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"category" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalation_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rule_type" text NOT NULL,
	"trigger_conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"escalate_to" integer,
	"escalation_type" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"auto_escalate" boolean DEFAULT false NOT NULL,
	"escalation_delay" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "omnichannel_analytics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"date" date NOT NULL,
	"channel_type" text NOT NULL,
	"total_messages" integer DEFAULT 0 NOT NULL,
	"inbound_messages" integer DEFAULT 0 NOT NULL,
	"outbound_messages" integer DEFAULT 0 NOT NULL,
	"autopilot_messages" integer DEFAULT 0 NOT NULL,
	"copilot_messages" integer DEFAULT 0 NOT NULL,
	"manual_messages" integer DEFAULT 0 NOT NULL,
	"avg_response_time" integer,
	"first_response_time" integer,
	"resolution_rate" numeric(5, 2),
	"escalation_rate" numeric(5, 2),
	"csat_score" numeric(3, 2),
	"csat_responses" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "omnichannel_csat" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"channel_type" text NOT NULL,
	"thread_key" text NOT NULL,
	"message_row_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "omnichannel_csat_message_row_id_unique" UNIQUE("message_row_id")
);
--> statement-breakpoint
ALTER TABLE "acl_policies" ADD CONSTRAINT "acl_policies_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_knowledge" ADD CONSTRAINT "brand_knowledge_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_rules" ADD CONSTRAINT "escalation_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnichannel_analytics" ADD CONSTRAINT "omnichannel_analytics_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omnichannel_csat" ADD CONSTRAINT "omnichannel_csat_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acl_policies_brand_idx" ON "acl_policies" USING btree ("brand_id","priority");--> statement-breakpoint
CREATE INDEX "brand_knowledge_brand_idx" ON "brand_knowledge" USING btree ("brand_id","priority");--> statement-breakpoint
CREATE INDEX "escalation_rules_brand_idx" ON "escalation_rules" USING btree ("brand_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "omnichannel_analytics_day_uq" ON "omnichannel_analytics" USING btree ("brand_id","date","channel_type");--> statement-breakpoint
CREATE INDEX "omnichannel_csat_brand_idx" ON "omnichannel_csat" USING btree ("brand_id","created_at");--> statement-breakpoint
-- Full-text search over a brand's knowledge ('simple': no stemming, the same for every language).
CREATE INDEX "brand_knowledge_search_idx" ON "brand_knowledge" USING gin (to_tsvector('simple', "title" || ' ' || "content"));
