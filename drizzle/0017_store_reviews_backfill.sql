-- Stores that existed before the operator's review (issue 18, ADR 0033) are not "new stores
-- waiting": they count as reviewed, by nobody in particular, at the time of this migration.
INSERT INTO "store_reviews" ("liver_id", "reviewed_by", "reviewed_by_email", "reviewed_at")
SELECT "uid", NULL, '', now() FROM "livers"
ON CONFLICT ("liver_id") DO NOTHING;
