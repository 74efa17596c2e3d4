-- The blocked words now apply to chat as well as live comments (ADR 0050): the key loses "live_".
-- A row under the new name (none exists before this migration) would win; the old one goes.
INSERT INTO "remote_config_values" ("key", "value", "updated_by", "updated_at")
SELECT 'blocked_words', "value", "updated_by", "updated_at" FROM "remote_config_values" WHERE "key" = 'live_blocked_words'
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
DELETE FROM "remote_config_values" WHERE "key" = 'live_blocked_words';
