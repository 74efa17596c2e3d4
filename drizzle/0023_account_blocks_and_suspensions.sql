ALTER TABLE "account_suspensions" DROP CONSTRAINT "account_suspensions_pkey";--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "kind" text DEFAULT 'block' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "report_kind" text;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "lifted_by" text;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "lifted_by_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD COLUMN "lift_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "account_suspensions_holding_idx" ON "account_suspensions" USING btree ("user_id") WHERE "account_suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "account_suspensions_placed_idx" ON "account_suspensions" USING btree ("suspended_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_kind" CHECK ("account_suspensions"."kind" in ('block', 'suspension'));--> statement-breakpoint
ALTER TABLE "account_suspensions" ADD CONSTRAINT "account_suspensions_ends" CHECK (("account_suspensions"."kind" = 'block') = ("account_suspensions"."ends_at" is null));