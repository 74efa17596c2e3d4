CREATE TABLE "directory_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "directory_state_single_row" CHECK ("directory_state"."id" = 1)
);

--> statement-breakpoint
INSERT INTO "directory_state" ("id") VALUES (1);--> statement-breakpoint
-- Gives the directory a new version once per transaction. The triggers below are deferred to
-- commit, so the version row is locked last, after every row the transaction touched: two writers
-- wait for each other's commit here, not in a cycle (TRUNCATE and SET CONSTRAINTS … IMMEDIATE take
-- it earlier: see ADR 0013).
CREATE FUNCTION "bump_directory_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('yoru.directory_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE "directory_state" SET "version" = gen_random_uuid() WHERE "id" = 1;
    PERFORM set_config('yoru.directory_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "staffs_directory_version_write" AFTER INSERT OR DELETE ON "staffs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
-- Every change counts except the columns no total depends on and that change often (follows,
-- posts, reordering): a new column is covered without anyone remembering to add it here.
CREATE CONSTRAINT TRIGGER "staffs_directory_version_update" AFTER UPDATE ON "staffs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - '{follower_number,updated_at,order,last_post_at,last_instagram_at,last_tiktok_at,last_live_at,last_youtube_at,sort_new_at}'::text[])
    IS DISTINCT FROM
    (to_jsonb(NEW) - '{follower_number,updated_at,order,last_post_at,last_instagram_at,last_tiktok_at,last_live_at,last_youtube_at,sort_new_at}'::text[])
  )
  EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE TRIGGER "staffs_directory_version_truncate" AFTER TRUNCATE ON "staffs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "livers_directory_version_write" AFTER INSERT OR DELETE ON "livers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "livers_directory_version_update" AFTER UPDATE ON "livers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (
    (to_jsonb(OLD) - '{follower_number,updated_at,order,point}'::text[])
    IS DISTINCT FROM
    (to_jsonb(NEW) - '{follower_number,updated_at,order,point}'::text[])
  )
  EXECUTE FUNCTION "bump_directory_version"();--> statement-breakpoint
CREATE TRIGGER "livers_directory_version_truncate" AFTER TRUNCATE ON "livers"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_directory_version"();
