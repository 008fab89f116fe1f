ALTER TABLE "chat_files" DROP CONSTRAINT "chat_files_conversation_file_key";--> statement-breakpoint
CREATE INDEX "chat_files_conversation_idx" ON "chat_files" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "chat_files_file_idx" ON "chat_files" USING btree ("file_id");--> statement-breakpoint
-- Links were unique per conversation and file, hence per message and file as long as each names
-- a message of its own conversation; any that repeat a message's file anyway are merged first.
DELETE FROM "chat_files" AS "later" USING "chat_files" AS "first"
WHERE "later"."message_id" = "first"."message_id" AND "later"."file_id" = "first"."file_id"
  AND "later"."id" > "first"."id";--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_message_file_key" UNIQUE("message_id","file_id");
