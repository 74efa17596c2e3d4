-- ADR 0039: before it, a report's `suspended` outcome was a block without an end (the rows of
-- account_suspensions, now kind 'block' by the column's default). Those decisions are `blocked`
-- now; `suspended` means a suspension for a number of days. The audit log is left as written.
UPDATE "room_reports" SET "outcome" = 'blocked' WHERE "outcome" = 'suspended';--> statement-breakpoint
UPDATE "live_comment_reports" SET "outcome" = 'blocked' WHERE "outcome" = 'suspended';--> statement-breakpoint
UPDATE "account_suspensions" a SET "report_kind" = 'room'
  WHERE a."report_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "room_reports" r WHERE r."report_id" = a."report_id");--> statement-breakpoint
UPDATE "account_suspensions" a SET "report_kind" = 'live'
  WHERE a."report_id" IS NOT NULL AND a."report_kind" IS NULL
    AND EXISTS (SELECT 1 FROM "live_comment_reports" r WHERE r."report_id" = a."report_id");
