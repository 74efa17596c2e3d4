CREATE TABLE "live_blocks" (
	"broadcaster_id" text NOT NULL,
	"listener_id" text NOT NULL,
	"live_id" text,
	"blocked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_blocks_broadcaster_id_listener_id_pk" PRIMARY KEY("broadcaster_id","listener_id")
);
--> statement-breakpoint
CREATE TABLE "live_comment_reports" (
	"report_id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"comment_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reported_id" text NOT NULL,
	"reason" text NOT NULL,
	"comment" jsonb NOT NULL,
	"context" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "live_comment_reports_reason_length" CHECK (char_length("live_comment_reports"."reason") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "live_comments" (
	"comment_id" text PRIMARY KEY NOT NULL,
	"live_id" text NOT NULL,
	"listener_id" text NOT NULL,
	"nickname" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_comments_body_length" CHECK (char_length("live_comments"."body") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "live_viewers" (
	"live_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"listener_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_viewers_live_id_viewer_id_pk" PRIMARY KEY("live_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"live_id" text PRIMARY KEY NOT NULL,
	"broadcaster_type" text NOT NULL,
	"broadcaster_id" text NOT NULL,
	"liver_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"viewer_peak" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"broadcaster_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"end_reason" text,
	"post_id" text,
	CONSTRAINT "lives_title_length" CHECK (char_length("lives"."title") between 1 and 50),
	CONSTRAINT "lives_ended" CHECK (("lives"."status" = 'ended') = ("lives"."ended_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "live_blocks" ADD CONSTRAINT "live_blocks_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_blocks" ADD CONSTRAINT "live_blocks_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comment_reports" ADD CONSTRAINT "live_comment_reports_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_comment_reports_once_idx" ON "live_comment_reports" USING btree ("comment_id","reporter_id");--> statement-breakpoint
CREATE INDEX "live_comment_reports_status_created_idx" ON "live_comment_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_comments_live_created_idx" ON "live_comments" USING btree ("live_id","created_at","comment_id");--> statement-breakpoint
CREATE INDEX "live_viewers_live_seen_idx" ON "live_viewers" USING btree ("live_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lives_one_live_per_broadcaster" ON "lives" USING btree ("broadcaster_id") WHERE "lives"."status" = 'live';--> statement-breakpoint
CREATE INDEX "lives_broadcaster_started_idx" ON "lives" USING btree ("broadcaster_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lives_live_started_idx" ON "lives" USING btree ("started_at" DESC NULLS LAST) WHERE "lives"."status" = 'live';--> statement-breakpoint
CREATE INDEX "lives_liver_started_idx" ON "lives" USING btree ("liver_id","started_at" DESC NULLS LAST);