CREATE TABLE "store_billing" (
	"liver_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"checkout_session_id" text,
	"status" text DEFAULT 'incomplete' NOT NULL,
	"plan_id" text,
	"scheduled_plan_id" text,
	"anchor_day" integer,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"card_brand" text DEFAULT '' NOT NULL,
	"card_last4" text DEFAULT '' NOT NULL,
	"test_card_fails" boolean DEFAULT false NOT NULL,
	"failed_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"grace_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_invoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"liver_id" text NOT NULL,
	"provider" text NOT NULL,
	"subscription_id" text,
	"plan_id" text,
	"number" text DEFAULT '' NOT NULL,
	"amount_jpy" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_billing" ADD CONSTRAINT "store_billing_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_billing" ADD CONSTRAINT "store_billing_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_billing" ADD CONSTRAINT "store_billing_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invoices" ADD CONSTRAINT "store_invoices_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invoices" ADD CONSTRAINT "store_invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_billing_subscription_idx" ON "store_billing" USING btree ("provider","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_billing_customer_idx" ON "store_billing" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "store_billing_due_idx" ON "store_billing" USING btree ("provider","status","current_period_end");--> statement-breakpoint
CREATE INDEX "store_billing_grace_idx" ON "store_billing" USING btree ("grace_until");--> statement-breakpoint
CREATE INDEX "store_invoices_liver_idx" ON "store_invoices" USING btree ("liver_id","created_at" DESC NULLS LAST);