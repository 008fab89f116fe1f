-- Decision 321: only a project's owner starts a live session on it. A session someone else
-- started on a public project wrote its text into the owner's files and refused the owner's own
-- saves until its host ended it; it ends now, with its 'end' in the replay.
WITH "ended" AS (
  UPDATE "code_sessions" SET "is_active" = false, "ended_at" = now()
  FROM "code_projects"
  WHERE "code_sessions"."project_id" = "code_projects"."id"
    AND "code_sessions"."host_user_id" <> "code_projects"."user_id"
    AND "code_sessions"."is_active"
  RETURNING "code_sessions"."id", "code_sessions"."host_user_id"
)
INSERT INTO "code_actions" ("session_id", "user_id", "action_type")
SELECT "id", "host_user_id", 'end' FROM "ended";
