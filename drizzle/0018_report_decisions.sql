CREATE TABLE "account_suspensions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"report_id" text,
	"suspended_by" text,
	"suspended_by_email" text DEFAULT '' NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_comment_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "live_comment_reports" ADD COLUMN "outcome_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comment_reports" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "live_comment_reports" ADD COLUMN "handled_by_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "room_reports" ADD COLUMN "outcome_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_reports" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "room_reports" ADD COLUMN "handled_by_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;