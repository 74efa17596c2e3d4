CREATE TABLE "coupons" (
	"coupon_id" text PRIMARY KEY NOT NULL,
	"liver_id" text NOT NULL,
	"title" text NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"discount_text" text NOT NULL,
	"first_visit_only" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_period" CHECK ("coupons"."ends_at" > "coupons"."starts_at"),
	CONSTRAINT "coupons_status" CHECK ("coupons"."status" in ('active', 'ended')),
	CONSTRAINT "coupons_ended" CHECK (("coupons"."status" = 'ended') = ("coupons"."ended_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_liver_code_key" ON "coupons" USING btree ("liver_id","code");--> statement-breakpoint
CREATE INDEX "coupons_liver_created_idx" ON "coupons" USING btree ("liver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "coupons_active_starts_idx" ON "coupons" USING btree ("starts_at" DESC NULLS LAST,"ends_at") WHERE "coupons"."status" = 'active';