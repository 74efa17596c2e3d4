-- Custom (ADR 0024): a post that appears, disappears or changes what a feed filters on gives the
-- directory a new version, so the feeds' totals remembered per version (ADR 0013) stay exact.
-- Reuses bump_directory_version() of migration 0006 (deferred, once per transaction).
CREATE CONSTRAINT TRIGGER "posts_directory_version_write" AFTER INSERT OR DELETE ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "posts_directory_version_update" AFTER UPDATE ON "posts"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    OLD."status" IS DISTINCT FROM NEW."status" OR OLD."source" IS DISTINCT FROM NEW."source"
    OR OLD."kind" IS DISTINCT FROM NEW."kind" OR OLD."staff_id" IS DISTINCT FROM NEW."staff_id"
    OR OLD."liver_id" IS DISTINCT FROM NEW."liver_id"
  )
  EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE TRIGGER "posts_directory_version_truncate" AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
