CREATE TABLE "account_activity" (
	"uid" text PRIMARY KEY NOT NULL,
	"last_login_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_hides" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"liver_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"was_displayed" boolean NOT NULL,
	"hidden_by" text,
	"hidden_by_email" text DEFAULT '' NOT NULL,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lifted_by_email" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_reviews" (
	"liver_id" text PRIMARY KEY NOT NULL,
	"reviewed_by" text,
	"reviewed_by_email" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_suspensions" (
	"id" text PRIMARY KEY NOT NULL,
	"liver_id" text NOT NULL,
	"source" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resume_status" text NOT NULL,
	"suspended_by" text,
	"suspended_by_email" text DEFAULT '' NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lifted_by_email" text DEFAULT '' NOT NULL,
	"lift_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "store_suspensions_source" CHECK ("store_suspensions"."source" in ('operator', 'billing')),
	CONSTRAINT "store_suspensions_resume_status" CHECK ("store_suspensions"."resume_status" in ('public', 'private'))
);
--> statement-breakpoint
CREATE TABLE "remote_config_values" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_hides" ADD CONSTRAINT "staff_hides_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviews" ADD CONSTRAINT "store_reviews_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_suspensions" ADD CONSTRAINT "store_suspensions_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_hides_active_key" ON "staff_hides" USING btree ("staff_id") WHERE "staff_hides"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "staff_hides_liver_idx" ON "staff_hides" USING btree ("liver_id","hidden_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "store_suspensions_active_key" ON "store_suspensions" USING btree ("liver_id","source") WHERE "store_suspensions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "store_suspensions_liver_idx" ON "store_suspensions" USING btree ("liver_id","suspended_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staffs_created_idx" ON "staffs" USING btree ("created_at" DESC NULLS FIRST,"uid" DESC NULLS FIRST);