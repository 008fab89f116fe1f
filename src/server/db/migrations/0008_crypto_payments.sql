CREATE TABLE "crypto_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" text NOT NULL,
	"duration_months" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"coin" text NOT NULL,
	"crypto_amount" text NOT NULL,
	"rate_eur" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"tx_hash" text,
	"wallet_address" text NOT NULL,
	"sender_wallet_address" text,
	"verification_code" text NOT NULL,
	"wallet_verified" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"verified_by" integer,
	"notes" text
);
--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_payments" ADD CONSTRAINT "crypto_payments_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_payments_tx_hash_key" ON "crypto_payments" USING btree (lower("tx_hash"));--> statement-breakpoint
CREATE INDEX "crypto_payments_status_idx" ON "crypto_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "crypto_payments_user_idx" ON "crypto_payments" USING btree ("user_id","created_at");