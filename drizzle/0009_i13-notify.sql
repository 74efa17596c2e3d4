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
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_event_id_notification_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."notification_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_events_created_idx" ON "notification_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_items_pending_idx" ON "notification_items" USING btree ("recipient_type","recipient_id","kind","created_at") WHERE "notification_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notification_windows_due_idx" ON "notification_windows" USING btree ("window_end") WHERE "notification_windows"."pending" > 0;