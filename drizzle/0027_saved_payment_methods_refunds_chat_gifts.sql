CREATE TABLE "coin_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"tx_id" text NOT NULL,
	"provider_charge_id" text NOT NULL,
	"refunded_total_jpy" integer NOT NULL,
	"refund_jpy" integer NOT NULL,
	"paid_due" integer NOT NULL,
	"paid_taken" integer NOT NULL,
	"bonus_due" integer NOT NULL,
	"bonus_taken" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_refunds_amounts" CHECK ("coin_refunds"."refund_jpy" >= 0 and "coin_refunds"."paid_taken" between 0 and "coin_refunds"."paid_due" and "coin_refunds"."bonus_taken" between 0 and "coin_refunds"."bonus_due")
);
--> statement-breakpoint
CREATE TABLE "listener_payment_customers" (
	"listener_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listener_payment_customers_listener_id_provider_pk" PRIMARY KEY("listener_id","provider")
);
--> statement-breakpoint
CREATE TABLE "test_payment_methods" (
	"payment_method_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "coin_refunds" ADD CONSTRAINT "coin_refunds_order_id_coin_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."coin_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_refunds" ADD CONSTRAINT "coin_refunds_tx_id_ledger_transactions_tx_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("tx_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listener_payment_customers" ADD CONSTRAINT "listener_payment_customers_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_refunds_step_idx" ON "coin_refunds" USING btree ("order_id","refunded_total_jpy");--> statement-breakpoint
CREATE UNIQUE INDEX "listener_payment_customers_customer_idx" ON "listener_payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE INDEX "test_payment_methods_customer_idx" ON "test_payment_methods" USING btree ("customer_id","created_at");