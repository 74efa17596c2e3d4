CREATE TABLE "age_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"listener_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"document_kind" text,
	"document_key" text,
	"document_deleted_at" timestamp with time zone,
	"birth_date" date,
	"reject_reason" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
ALTER TABLE "age_verifications" ADD CONSTRAINT "age_verifications_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_verifications_listener_idx" ON "age_verifications" USING btree ("listener_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "age_verifications_one_pending_idx" ON "age_verifications" USING btree ("listener_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "age_verifications_queue_idx" ON "age_verifications" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "age_verifications_purge_idx" ON "age_verifications" USING btree ("decided_at") WHERE document_key is not null;