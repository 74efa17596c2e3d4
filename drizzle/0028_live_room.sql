CREATE TABLE "fan_days" (
	"listener_id" text NOT NULL,
	"broadcaster_id" text NOT NULL,
	"day" date NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fan_days_listener_id_broadcaster_id_day_pk" PRIMARY KEY("listener_id","broadcaster_id","day")
);
--> statement-breakpoint
CREATE TABLE "fan_points" (
	"listener_id" text NOT NULL,
	"broadcaster_id" text NOT NULL,
	"month" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_points_listener_id_broadcaster_id_month_pk" PRIMARY KEY("listener_id","broadcaster_id","month"),
	CONSTRAINT "fan_points_sum" CHECK ("fan_points"."points" = "fan_points"."coins" + "fan_points"."comments" + "fan_points"."minutes")
);
--> statement-breakpoint
CREATE TABLE "live_audience" (
	"live_id" text NOT NULL,
	"viewer_key" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_audience_live_id_viewer_key_pk" PRIMARY KEY("live_id","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "live_supporters" (
	"live_id" text NOT NULL,
	"listener_id" text NOT NULL,
	"coins" integer NOT NULL,
	"points" integer NOT NULL,
	"gifts" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_supporters_live_id_listener_id_pk" PRIMARY KEY("live_id","listener_id")
);
--> statement-breakpoint
CREATE TABLE "live_watch_minutes" (
	"listener_id" text NOT NULL,
	"broadcaster_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"live_id" text NOT NULL,
	CONSTRAINT "live_watch_minutes_listener_id_broadcaster_id_minute_pk" PRIMARY KEY("listener_id","broadcaster_id","minute")
);
--> statement-breakpoint
ALTER TABLE "live_comments" ALTER COLUMN "listener_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listeners" ADD COLUMN "hide_from_rankings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comments" ADD COLUMN "author_type" text DEFAULT 'listener' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_comments" ADD COLUMN "fan_level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "pinned_comment_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "broadcaster_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "coins" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "combo_id" text;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "combo_count" integer;--> statement-breakpoint
-- Gifts given before the live room (ADR 0043): each its own combo, worth the item's price now.
UPDATE "gifts" AS g SET
  "broadcaster_id" = coalesce(g."staff_id", g."liver_id"),
  "coins" = g."quantity" * i."coin_price",
  "points" = g."quantity" * i."point_value",
  "combo_id" = g."gift_id",
  "combo_count" = g."quantity"
FROM "items" AS i WHERE i."item_id" = g."item_id";--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "broadcaster_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "coins" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "points" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "combo_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "gifts" ALTER COLUMN "combo_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "animation_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "items" SET "animation_url" = '/gifts/' || "item_id" || '.json' WHERE "item_id" IN ('champagne', 'tower');--> statement-breakpoint
-- The supporters of past lives and the fan points of what was given and said before (ADR 0043;
-- the same sums as fans:reconcile).
INSERT INTO "live_supporters" ("live_id", "listener_id", "coins", "points", "gifts", "first_at", "last_at")
SELECT "live_id", "listener_id", sum("coins"), sum("points"), count(*), min("created_at"), max("created_at")
FROM "gifts" WHERE "live_id" IS NOT NULL AND "live_id" IN (SELECT "live_id" FROM "lives")
GROUP BY "live_id", "listener_id";--> statement-breakpoint
INSERT INTO "fan_days" ("listener_id", "broadcaster_id", "day", "comments", "minutes")
SELECT c."listener_id", l."broadcaster_id", (c."created_at" AT TIME ZONE 'Asia/Tokyo')::date, count(*), 0
FROM "live_comments" c JOIN "lives" l ON l."live_id" = c."live_id"
WHERE c."listener_id" IS NOT NULL
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "fan_points" ("listener_id", "broadcaster_id", "month", "coins", "comments", "minutes", "points")
SELECT "listener_id", "broadcaster_id", "month", sum("coins"), sum("comments"), 0, sum("coins") + sum("comments")
FROM (
  SELECT "listener_id", "broadcaster_id", to_char("created_at" AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS "month",
         "coins", 0 AS "comments"
  FROM "gifts"
  UNION ALL
  SELECT "listener_id", "broadcaster_id", to_char("day", 'YYYY-MM'), 0, least("comments", 50)
  FROM "fan_days"
) AS "earned"
GROUP BY 1, 2, 3;--> statement-breakpoint
ALTER TABLE "fan_days" ADD CONSTRAINT "fan_days_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_points" ADD CONSTRAINT "fan_points_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_audience" ADD CONSTRAINT "live_audience_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_supporters" ADD CONSTRAINT "live_supporters_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_supporters" ADD CONSTRAINT "live_supporters_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch_minutes" ADD CONSTRAINT "live_watch_minutes_listener_id_listeners_uid_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."listeners"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_watch_minutes" ADD CONSTRAINT "live_watch_minutes_live_id_lives_live_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("live_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_points_broadcaster_idx" ON "fan_points" USING btree ("broadcaster_id","month","points" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_supporters_rank_idx" ON "live_supporters" USING btree ("live_id","coins" DESC NULLS LAST,"first_at");--> statement-breakpoint
CREATE INDEX "live_comments_listener_created_idx" ON "live_comments" USING btree ("listener_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_live_idx" ON "gifts" USING btree ("live_id","created_at") WHERE "gifts"."live_id" is not null;--> statement-breakpoint
ALTER TABLE "live_comments" ADD CONSTRAINT "live_comments_author" CHECK (("live_comments"."author_type" = 'listener') = ("live_comments"."listener_id" is not null));--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_worth" CHECK ("gifts"."coins" >= 0 and "gifts"."points" >= 0 and "gifts"."combo_count" >= "gifts"."quantity");