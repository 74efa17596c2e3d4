-- Custom (ADR 0024): posts.author_follower_number is the author's follower_number (the staff
-- member's, or the store's for a store post), so `sort=popular` is one index walk. Set when a post
-- is written (or changes author), rewritten when the author's count moves. Keep this file when the
-- branch migrations are regenerated.
CREATE OR REPLACE FUNCTION "posts_set_author_follower_number"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."staff_id" IS NOT NULL THEN
    NEW."author_follower_number" := coalesce(
      (SELECT "follower_number" FROM "staffs" WHERE "uid" = NEW."staff_id"), 0);
  ELSE
    NEW."author_follower_number" := coalesce(
      (SELECT "follower_number" FROM "livers" WHERE "uid" = NEW."liver_id"), 0);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_author_follower_number" BEFORE INSERT OR UPDATE OF "staff_id", "liver_id", "author_follower_number" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "posts_set_author_follower_number"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "staffs_copy_follower_number"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "author_follower_number" = NEW."follower_number"
    WHERE "staff_id" = NEW."uid" AND "author_follower_number" IS DISTINCT FROM NEW."follower_number";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staffs_follower_number_to_posts" AFTER UPDATE OF "follower_number" ON "staffs"
  FOR EACH ROW WHEN (OLD."follower_number" IS DISTINCT FROM NEW."follower_number")
  EXECUTE FUNCTION "staffs_copy_follower_number"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "livers_copy_follower_number"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "author_follower_number" = NEW."follower_number"
    WHERE "liver_id" = NEW."uid" AND "staff_id" IS NULL
      AND "author_follower_number" IS DISTINCT FROM NEW."follower_number";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "livers_follower_number_to_posts" AFTER UPDATE OF "follower_number" ON "livers"
  FOR EACH ROW WHEN (OLD."follower_number" IS DISTINCT FROM NEW."follower_number")
  EXECUTE FUNCTION "livers_copy_follower_number"();--> statement-breakpoint
-- The posts already there: any write of the column is recomputed by the BEFORE trigger above.
UPDATE "posts" SET "author_follower_number" = "author_follower_number";
