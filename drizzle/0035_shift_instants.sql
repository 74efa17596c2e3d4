-- ADR 0059: minutes of a shift time from 00:00 of the shift's date, the twin of shiftMinutes
-- (app/domain/schedule-times.ts): "HH:MM" up to "30:00"; the small hours "00:00"-"04:50" are the
-- next morning (ADR 0010); null for OPEN, LAST and anything else. Adding the generated columns
-- below computes every existing row's instants with it (the backfill).
CREATE OR REPLACE FUNCTION shift_minutes(t text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  select case when t ~ '^[0-9]{2}:[0-5][0-9]$' then (
    select case when m <= 1800 then m + (case when m < 300 then 1440 else 0 end) end
    from (select substr(t, 1, 2)::int * 60 + substr(t, 4, 2)::int as m) as parsed
  ) end
$$;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "starts_at" timestamp with time zone GENERATED ALWAYS AS (timezone('Asia/Tokyo', "date" + make_interval(mins => shift_minutes("start_time")))) STORED;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "ends_at" timestamp with time zone GENERATED ALWAYS AS ((case when shift_minutes("start_time") is null or shift_minutes("end_time") >= shift_minutes("start_time") then timezone('Asia/Tokyo', "date" + make_interval(mins => shift_minutes("end_time"))) end)) STORED;