CREATE TABLE "payout_batches" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"transfer_date" text NOT NULL,
	"count" integer NOT NULL,
	"total_yen" bigint NOT NULL,
	"file_base64" text NOT NULL,
	"operator_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_steps" (
	"request_id" text NOT NULL,
	"step" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"batch_id" text,
	"tx_id" text,
	"operator_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_steps" ADD CONSTRAINT "payout_steps_request_id_payout_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."payout_requests"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_steps" ADD CONSTRAINT "payout_steps_batch_id_payout_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_steps" ADD CONSTRAINT "payout_steps_tx_id_ledger_transactions_tx_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("tx_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_steps" ADD CONSTRAINT "payout_steps_operator_uid_operators_uid_fk" FOREIGN KEY ("operator_uid") REFERENCES "public"."operators"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_steps_request_step_idx" ON "payout_steps" USING btree ("request_id","step");--> statement-breakpoint
CREATE INDEX "payout_steps_batch_idx" ON "payout_steps" USING btree ("batch_id");