-- Decision 330: the sandbox keeps each upgrade it charged by its idempotency key (the checkout),
-- so a retry of the same upgrade reports it again instead of charging a second time. A new table
-- only: safe while the previous release runs.
CREATE TABLE "sandbox_upgrades" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_upgrades" ADD CONSTRAINT "sandbox_upgrades_subscription_id_sandbox_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."sandbox_subscriptions"("id") ON DELETE cascade ON UPDATE no action;