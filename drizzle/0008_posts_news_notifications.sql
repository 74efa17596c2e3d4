CREATE TABLE "posts" (
	"post_id" text PRIMARY KEY NOT NULL,
	"author_type" text NOT NULL,
	"staff_id" text,
	"liver_id" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permalink" text DEFAULT '' NOT NULL,
	"external_id" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_author" CHECK (("posts"."author_type" = 'staff') = ("posts"."staff_id" is not null)),
	CONSTRAINT "posts_caption_length" CHECK (char_length("posts"."caption") <= 2200)
);
--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_post_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_instagram_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_tiktok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_youtube_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_source_external_key" ON "posts" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "posts_public_posted_idx" ON "posts" USING btree ("posted_at" DESC NULLS LAST,"post_id") WHERE "posts"."status" = 'public';--> statement-breakpoint
CREATE INDEX "posts_staff_posted_idx" ON "posts" USING btree ("staff_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_liver_posted_idx" ON "posts" USING btree ("liver_id","posted_at" DESC NULLS LAST);