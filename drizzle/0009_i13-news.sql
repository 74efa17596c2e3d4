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
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("news_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_audience_published_idx" ON "news" USING btree ("audience","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_mail_due_idx" ON "news" USING btree ("published_at") WHERE "news"."send_mail" and "news"."mail_requested_at" is null;--> statement-breakpoint
CREATE INDEX "news_reads_news_idx" ON "news_reads" USING btree ("news_id");