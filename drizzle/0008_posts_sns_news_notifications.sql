CREATE TABLE "notification_events" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"details" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"cursor" jsonb,
	"fanned_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_items" (
	"event_id" text NOT NULL,
	"recipient_type" text NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"mail_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_items_event_id_recipient_type_recipient_id_pk" PRIMARY KEY("event_id","recipient_type","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "notification_windows" (
	"recipient_type" text NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_windows_recipient_type_recipient_id_kind_pk" PRIMARY KEY("recipient_type","recipient_id","kind")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"news_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"send_mail" boolean DEFAULT false NOT NULL,
	"mail_requested_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_mail_requested_only_with_mail" CHECK ("news"."mail_requested_at" is null or "news"."send_mail")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"uid" text NOT NULL,
	"news_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_reads_uid_news_id_pk" PRIMARY KEY("uid","news_id")
);
--> statement-breakpoint
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
CREATE TABLE "sns_link_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sns_links" (
	"link_id" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"source" text NOT NULL,
	"vendor_user_id" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"access_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_enc" text,
	"refresh_expires_at" timestamp with time zone,
	"token_issued_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"broken_reason" text,
	"broken_at" timestamp with time zone,
	"last_media_at" timestamp with time zone,
	"last_media_id" text,
	"last_import_at" timestamp with time zone,
	"next_import_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sns_links_broken" CHECK (("sns_links"."status" = 'broken') = ("sns_links"."broken_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_post_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_instagram_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_tiktok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "last_youtube_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("news_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_link_states" ADD CONSTRAINT "sns_link_states_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_links" ADD CONSTRAINT "sns_links_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_created_idx" ON "notification_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_items_pending_idx" ON "notification_items" USING btree ("recipient_type","recipient_id","kind","created_at") WHERE "notification_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_windows_due_idx" ON "notification_windows" USING btree ("window_end") WHERE "notification_windows"."pending" > 0;--> statement-breakpoint
CREATE INDEX "news_audience_published_idx" ON "news" USING btree ("audience","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_mail_due_idx" ON "news" USING btree ("published_at") WHERE "news"."send_mail" and "news"."mail_requested_at" is null;--> statement-breakpoint
CREATE INDEX "news_reads_news_idx" ON "news_reads" USING btree ("news_id");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_source_external_key" ON "posts" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "posts_public_posted_idx" ON "posts" USING btree ("posted_at" DESC NULLS FIRST,"post_id","liver_id","staff_id","source","kind") WHERE "posts"."status" = 'public';--> statement-breakpoint
CREATE INDEX "posts_public_source_posted_idx" ON "posts" USING btree ("source","posted_at" DESC NULLS FIRST,"post_id","liver_id","staff_id") WHERE "posts"."status" = 'public';--> statement-breakpoint
CREATE INDEX "posts_staff_posted_idx" ON "posts" USING btree ("staff_id","posted_at" DESC NULLS FIRST,"post_id");--> statement-breakpoint
CREATE INDEX "posts_liver_posted_idx" ON "posts" USING btree ("liver_id","posted_at" DESC NULLS FIRST,"post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sns_links_owner_source_key" ON "sns_links" USING btree ("owner_id","source");--> statement-breakpoint
CREATE INDEX "sns_links_due_idx" ON "sns_links" USING btree ("next_import_at") WHERE "sns_links"."status" = 'active';