CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_number_key" UNIQUE("receipt_number");--> statement-breakpoint
-- Hand-written: payments recorded before receipt numbers get theirs, in order, per UTC year.
WITH numbered AS (
	SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS "year",
		row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id")::int AS "n"
	FROM "payments" WHERE "status" IN ('paid', 'refunded')
), updated AS (
	UPDATE "payments" SET "receipt_number" = 'ORB-' || numbered."year" || '-' || lpad(numbered."n"::text, 6, '0')
	FROM numbered WHERE "payments"."id" = numbered."id"
)
INSERT INTO "receipt_counters" ("year", "last_number") SELECT "year", max("n") FROM numbered GROUP BY "year";
