CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"username" text,
	"display_username" text,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"favorite_id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"staff_id" text,
	"liver_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_one_target" CHECK (num_nonnulls("favorites"."staff_id", "favorites"."liver_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "listeners" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mail_setting" jsonb DEFAULT '{"following_live":true,"following_instagram":true,"following_tiktok":true,"official_information":true}'::jsonb NOT NULL,
	"matching_info" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "livers" (
	"uid" text PRIMARY KEY NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	"store_name_kana" text DEFAULT '' NOT NULL,
	"slug" text,
	"status" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"prefecture" text DEFAULT '' NOT NULL,
	"group" text DEFAULT '' NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"area_detail" text DEFAULT '' NOT NULL,
	"store_type" text DEFAULT 'girls_bar' NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"commitments" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_individual" boolean DEFAULT false NOT NULL,
	"order" integer,
	"point" integer DEFAULT 0 NOT NULL,
	"account" jsonb,
	"mail_setting" jsonb DEFAULT '{"message_to_staff":true,"item_to_staff":true,"official_information":true}'::jsonb NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"follower_number" integer DEFAULT 0 NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"building_name" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"business_start_time" text DEFAULT '' NOT NULL,
	"business_end_time" text DEFAULT '' NOT NULL,
	"holidays" text[] DEFAULT '{}'::text[] NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"plan_id" text,
	"new_plan_id" text,
	"limit_staff" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (translate(lower(normalize(coalesce("store_name", '') || ' ' || coalesce("store_name_kana", ''), NFKC)), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"log_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"liver_id" text,
	"actor_uid" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"monthly_price" integer NOT NULL,
	"limit_staff" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"member_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_two_members" CHECK (cardinality("rooms"."member_ids") = 2)
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"schedule_id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staffs" (
	"uid" text PRIMARY KEY NOT NULL,
	"liver_id" text NOT NULL,
	"liver_name" text DEFAULT '' NOT NULL,
	"slug" text,
	"status" text DEFAULT 'public' NOT NULL,
	"is_displayed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_display_at" timestamp with time zone,
	"delete_at" timestamp with time zone,
	"order" integer DEFAULT 1 NOT NULL,
	"follower_number" integer DEFAULT 0 NOT NULL,
	"last_post_at" timestamp with time zone,
	"last_instagram_at" timestamp with time zone,
	"last_tiktok_at" timestamp with time zone,
	"last_live_at" timestamp with time zone,
	"last_youtube_at" timestamp with time zone,
	"age" smallint DEFAULT 18,
	"height" smallint DEFAULT 150,
	"birth_of_date" date,
	"blood_type" text DEFAULT '' NOT NULL,
	"bust_type" text DEFAULT '' NOT NULL,
	"type_type" text DEFAULT '' NOT NULL,
	"karaoke_type" text DEFAULT '' NOT NULL,
	"alcohol_type" text DEFAULT '' NOT NULL,
	"smoke_type" text DEFAULT '' NOT NULL,
	"personality_type" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"name_kana" text DEFAULT '' NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"instagram_id" text DEFAULT '' NOT NULL,
	"tiktok_id" text DEFAULT '' NOT NULL,
	"youtube_id" text DEFAULT '' NOT NULL,
	"followers" integer,
	"matching_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"login_email" text DEFAULT '' NOT NULL,
	"login_id" text,
	"sort_new_at" timestamp with time zone GENERATED ALWAYS AS (greatest("created_at", "last_post_at")) STORED NOT NULL,
	"matching_mask" integer GENERATED ALWAYS AS ((case when "matching_info"->>'animal' = 'cat' then 1 else 0 end) | (case when "matching_info"->>'study' = 'dislike' then 2 else 0 end) | (case when "matching_info"->>'season' = 'winter' then 4 else 0 end) | (case when "matching_info"->>'food' = 'last' then 8 else 0 end) | (case when "matching_info"->>'highend_brands' = 'not_interested' then 16 else 0 end) | (case when "matching_info"->>'space' = 'indoor' then 32 else 0 end) | (case when "matching_info"->>'style' = 'natural' then 64 else 0 end) | (case when "matching_info"->>'restaurant' = 'unpretentious' then 128 else 0 end) | (case when "matching_info"->>'drink' = 'moist' then 256 else 0 end) | (case when "matching_info"->>'work_priority' = 'friends_lovers' then 512 else 0 end) | (case when "matching_info"->>'interacting' = 'narrow_and_deep' then 1024 else 0 end) | (case when "matching_info"->>'think_and_act' = 'act_immediately' then 2048 else 0 end) | (case when "matching_info"->>'character' = 'cautious' then 4096 else 0 end)) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (translate(lower(normalize(coalesce("name", '') || ' ' || coalesce("name_kana", ''), NFKC)), 'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ', 'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_uid_listeners_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listeners" ADD CONSTRAINT "listeners_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livers" ADD CONSTRAINT "livers_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livers" ADD CONSTRAINT "livers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "livers" ADD CONSTRAINT "livers_new_plan_id_plans_id_fk" FOREIGN KEY ("new_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_staff_id_staffs_uid_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffs" ADD CONSTRAINT "staffs_uid_user_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staffs" ADD CONSTRAINT "staffs_liver_id_livers_uid_fk" FOREIGN KEY ("liver_id") REFERENCES "public"."livers"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_uid_staff_key" ON "favorites" USING btree ("uid","staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_uid_liver_key" ON "favorites" USING btree ("uid","liver_id");--> statement-breakpoint
CREATE INDEX "favorites_staff_idx" ON "favorites" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "favorites_liver_idx" ON "favorites" USING btree ("liver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "livers_slug_key" ON "livers" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "livers_status_order_idx" ON "livers" USING btree ("status","order","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "livers_status_created_idx" ON "livers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "livers_region_idx" ON "livers" USING btree ("region");--> statement-breakpoint
CREATE INDEX "livers_prefecture_idx" ON "livers" USING btree ("prefecture");--> statement-breakpoint
CREATE INDEX "livers_area_idx" ON "livers" USING btree ("area");--> statement-breakpoint
CREATE INDEX "livers_area_detail_idx" ON "livers" USING btree ("area_detail");--> statement-breakpoint
CREATE INDEX "livers_store_type_idx" ON "livers" USING btree ("store_type");--> statement-breakpoint
CREATE INDEX "livers_services_idx" ON "livers" USING gin ("services");--> statement-breakpoint
CREATE INDEX "livers_commitments_idx" ON "livers" USING gin ("commitments");--> statement-breakpoint
CREATE INDEX "livers_search_text_idx" ON "livers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "logs_liver_created_idx" ON "logs" USING btree ("liver_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rooms_member_ids_idx" ON "rooms" USING gin ("member_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_staff_date_key" ON "schedules" USING btree ("staff_id","date");--> statement-breakpoint
CREATE INDEX "schedules_date_idx" ON "schedules" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "staffs_slug_key" ON "staffs" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "staffs_login_id_key" ON "staffs" USING btree (lower("login_id"));--> statement-breakpoint
CREATE INDEX "staffs_liver_order_idx" ON "staffs" USING btree ("liver_id","order");--> statement-breakpoint
CREATE INDEX "staffs_listed_new_idx" ON "staffs" USING btree ("sort_new_at" DESC NULLS LAST) WHERE "staffs"."status" = 'public' and "staffs"."is_displayed";--> statement-breakpoint
CREATE INDEX "staffs_listed_popular_idx" ON "staffs" USING btree ("follower_number" DESC NULLS LAST) WHERE "staffs"."status" = 'public' and "staffs"."is_displayed";--> statement-breakpoint
CREATE INDEX "staffs_age_idx" ON "staffs" USING btree ("age");--> statement-breakpoint
CREATE INDEX "staffs_height_idx" ON "staffs" USING btree ("height");--> statement-breakpoint
CREATE INDEX "staffs_blood_type_idx" ON "staffs" USING btree ("blood_type");--> statement-breakpoint
CREATE INDEX "staffs_bust_type_idx" ON "staffs" USING btree ("bust_type");--> statement-breakpoint
CREATE INDEX "staffs_type_type_idx" ON "staffs" USING btree ("type_type");--> statement-breakpoint
CREATE INDEX "staffs_karaoke_type_idx" ON "staffs" USING btree ("karaoke_type");--> statement-breakpoint
CREATE INDEX "staffs_alcohol_type_idx" ON "staffs" USING btree ("alcohol_type");--> statement-breakpoint
CREATE INDEX "staffs_smoke_type_idx" ON "staffs" USING btree ("smoke_type");--> statement-breakpoint
CREATE INDEX "staffs_search_text_idx" ON "staffs" USING gin ("search_text" gin_trgm_ops);