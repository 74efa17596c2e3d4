CREATE TABLE "sns_link_states" (
	"nonce" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"source" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sns_links" (
	"link_id" text PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"source" text NOT NULL,
	"vendor_user_id" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"access_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_enc" text,
	"refresh_expires_at" timestamp with time zone,
	"token_issued_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"broken_reason" text,
	"broken_at" timestamp with time zone,
	"last_media_at" timestamp with time zone,
	"last_media_id" text,
	"last_import_at" timestamp with time zone,
	"next_import_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sns_links_broken" CHECK (("sns_links"."status" = 'broken') = ("sns_links"."broken_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "sns_link_states" ADD CONSTRAINT "sns_link_states_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sns_links" ADD CONSTRAINT "sns_links_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sns_links_owner_source_key" ON "sns_links" USING btree ("owner_id","source");--> statement-breakpoint
CREATE INDEX "sns_links_due_idx" ON "sns_links" USING btree ("next_import_at") WHERE "sns_links"."status" = 'active';