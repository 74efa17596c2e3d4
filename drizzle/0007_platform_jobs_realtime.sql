CREATE TABLE "realtime_events" (
	"topic" text NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_events_topic_seq_pk" PRIMARY KEY("topic","seq")
);
--> statement-breakpoint
CREATE TABLE "realtime_topics" (
	"topic" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "realtime_events_created_at_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at" DESC NULLS LAST);