DROP INDEX "posts_public_posted_idx";--> statement-breakpoint
DROP INDEX "posts_public_source_posted_idx";--> statement-breakpoint
DROP INDEX "posts_staff_posted_idx";--> statement-breakpoint
DROP INDEX "posts_liver_posted_idx";--> statement-breakpoint
CREATE INDEX "posts_public_posted_idx" ON "posts" USING btree ("posted_at" DESC NULLS FIRST,"post_id","liver_id","staff_id","source","kind") WHERE "posts"."status" = 'public';--> statement-breakpoint
CREATE INDEX "posts_public_source_posted_idx" ON "posts" USING btree ("source","posted_at" DESC NULLS FIRST,"post_id","liver_id","staff_id") WHERE "posts"."status" = 'public';--> statement-breakpoint
CREATE INDEX "posts_staff_posted_idx" ON "posts" USING btree ("staff_id","posted_at" DESC NULLS FIRST,"post_id");--> statement-breakpoint
CREATE INDEX "posts_liver_posted_idx" ON "posts" USING btree ("liver_id","posted_at" DESC NULLS FIRST,"post_id");