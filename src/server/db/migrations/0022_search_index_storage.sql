-- Decision 291: search indexes take new rows at once (no GIN pending list), and what an
-- existing install has pending is merged now.
ALTER INDEX "conversations_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "messages_content_fts_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "messages_content_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('conversations_title_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('messages_content_fts_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('messages_content_trgm_idx'::regclass);
