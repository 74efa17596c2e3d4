-- Store pins and nearby search (contract §11, ADR 0028): cube + earthdistance (shipped by PGlite
-- and PostgreSQL alike), lat/lng replacing latitude/longitude, and a geohash the database keeps.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- The standard geohash (base32, longitude bit first) of a point; null without one.
CREATE OR REPLACE FUNCTION geohash_encode(lat double precision, lng double precision, chars integer)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  alphabet constant text := '0123456789bcdefghjkmnpqrstuvwxyz';
  lat_lo double precision := -90;
  lat_hi double precision := 90;
  lng_lo double precision := -180;
  lng_hi double precision := 180;
  mid double precision;
  hash text := '';
  value integer := 0;
  bit integer := 0;
  even boolean := true;
BEGIN
  WHILE length(hash) < chars LOOP
    IF even THEN
      mid := (lng_lo + lng_hi) / 2;
      IF lng >= mid THEN value := value * 2 + 1; lng_lo := mid; ELSE value := value * 2; lng_hi := mid; END IF;
    ELSE
      mid := (lat_lo + lat_hi) / 2;
      IF lat >= mid THEN value := value * 2 + 1; lat_lo := mid; ELSE value := value * 2; lat_hi := mid; END IF;
    END IF;
    even := NOT even;
    bit := bit + 1;
    IF bit = 5 THEN
      hash := hash || substr(alphabet, value + 1, 1);
      value := 0;
      bit := 0;
    END IF;
  END LOOP;
  RETURN hash;
END
$$;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "geohash" text GENERATED ALWAYS AS (geohash_encode(lat, lng, 9)) STORED;--> statement-breakpoint
UPDATE "livers" SET "lat" = "latitude", "lng" = "longitude" WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "livers" DROP COLUMN "latitude";--> statement-breakpoint
ALTER TABLE "livers" DROP COLUMN "longitude";--> statement-breakpoint
CREATE INDEX "livers_earth_idx" ON "livers" USING gist (ll_to_earth("lat", "lng")) WHERE "livers"."status" = 'public' and "livers"."lat" is not null and "livers"."lng" is not null;
