CREATE TABLE "coin_expiry_notices" (
	"account_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"listener_id" text NOT NULL,
	"pack_id" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer NOT NULL,
	"price_jpy" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coin_packs" (
	"pack_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_jpy" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_packs_amounts" CHECK ("coin_packs"."coins" > 0 and "coin_packs"."bonus_coins" >= 0 and "coin_packs"."price_jpy" > 0)
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"gift_id" text PRIMARY KEY NOT NULL,
	"tx_id" text NOT NULL,
	"listener_id" text NOT NULL,
	"liver_id" text NOT NULL,
	"staff_id" text,
	"item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"live_id" text,
	"room_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_quantity" CHECK ("gifts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"coin_price" integer NOT NULL,
	"point_value" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_amounts" CHECK ("items"."coin_price" > 0 and "items"."point_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text,
	"purpose" text NOT NULL,
	"unit" text NOT NULL,
	"item_id" text,
	"lot_kind" text,
	"acquired_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"tracked" boolean NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_negative" CHECK (not "ledger_accounts"."tracked" or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_item_unit" CHECK (("ledger_accounts"."unit" = 'items') = ("ledger_accounts"."item_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"entry_id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" text NOT NULL,
	"account_id" text NOT NULL,
	"unit" text NOT NULL,
	"item_id" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"tx_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"actor_id" text,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"request_id" text PRIMARY KEY NOT NULL,
	"tx_id" text NOT NULL,
	"liver_id" text NOT NULL,
	"gross_yen" integer NOT NULL,
	"fee_yen" integer NOT NULL,
	"withholding_yen" integer NOT NULL,
	"net_yen" integer NOT NULL,
	"bank_account" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_requests_sum" CHECK ("payout_requests"."gross_yen" = "payout_requests"."fee_yen" + "payout_requests"."withholding_yen" + "payout_requests"."net_yen")
);
--> statement-breakpoint
ALTER TABLE "coin_expiry_notices" ADD CONSTRAINT "coin_expiry_notices_account_id_ledger_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_orders" ADD CONSTRAINT "coin_orders_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_orders" ADD CONSTRAINT "coin_orders_pack_id_coin_packs_pack_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."coin_packs"("pack_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_tx_id_ledger_transactions_tx_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("tx_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("item_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tx_id_ledger_transactions_tx_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("tx_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_tx_id_ledger_transactions_tx_id_fk" FOREIGN KEY ("tx_id") REFERENCES "public"."ledger_transactions"("tx_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_orders_session_idx" ON "coin_orders" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "coin_orders_listener_idx" ON "coin_orders" USING btree ("listener_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gifts_liver_idx" ON "gifts" USING btree ("liver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gifts_staff_idx" ON "gifts" USING btree ("staff_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gifts_listener_idx" ON "gifts" USING btree ("listener_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_id","unit");--> statement-breakpoint
CREATE INDEX "ledger_accounts_expiring_idx" ON "ledger_accounts" USING btree ("expires_at") WHERE "ledger_accounts"."lot_kind" = 'paid' and "ledger_accounts"."balance" > 0;--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("tx_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_idx" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_actor_idx" ON "ledger_transactions" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_requests_liver_idx" ON "payout_requests" USING btree ("liver_id","created_at" DESC NULLS LAST);