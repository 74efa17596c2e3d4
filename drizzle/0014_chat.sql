CREATE TABLE "messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "room_blocks" (
	"room_id" text NOT NULL,
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_blocks_room_id_blocker_id_pk" PRIMARY KEY("room_id","blocker_id")
);
--> statement-breakpoint
CREATE TABLE "room_reports" (
	"report_id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reported_id" text NOT NULL,
	"reason" text NOT NULL,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "room_reports_reason_length" CHECK (char_length("room_reports"."reason") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "listener_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "staff_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_blocks" ADD CONSTRAINT "room_blocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_reports" ADD CONSTRAINT "room_reports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_room_created_idx" ON "messages" USING btree ("room_id","created_at" DESC NULLS LAST,"message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("room_id","sender_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "room_blocks_blocked_idx" ON "room_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "room_reports_status_created_idx" ON "room_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_pair_idx" ON "rooms" USING btree ("listener_id","staff_id");--> statement-breakpoint
CREATE INDEX "rooms_staff_idx" ON "rooms" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_members_are_the_pair" CHECK ("rooms"."member_ids" = array["rooms"."listener_id", "rooms"."staff_id"]);