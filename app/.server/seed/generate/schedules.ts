/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Shifts of the coming two weeks.
 */
import { LAST, OPEN } from "../../../domain/schedule-times";
import type { Random } from "../random";
import { hhmm, type NewSchedule, tokyoDate } from "./common";

/** 19:00 … 22:00 in 10-minute steps. */
const START_MINUTES = Array.from({ length: 19 }, (_, i) => 19 * 60 + i * 10);

/**
 * Shifts of one staff member over `days` days from today (Asia/Tokyo): 3–5 a week, starting at
 * OPEN or 19:00–22:00, ending at LAST or a later time, all in 10-minute steps.
 */
export function generateSchedulesFor(
  random: Random,
  input: { staffId: string; now: Date; days?: number },
): NewSchedule[] {
  const days = input.days ?? 14;
  const offsets: number[] = [];
  for (let week = 0; week * 7 < days; week++) {
    const span = Math.min(7, days - week * 7);
    const shifts = Math.min(span, random.int(3, 5));
    for (const d of random.sample(
      Array.from({ length: span }, (_, i) => week * 7 + i),
      shifts,
    )) {
      offsets.push(d);
    }
  }
  offsets.sort((a, b) => a - b);
  return offsets.map((offset) => {
    const open = random.chance(0.25);
    // OPEN is the store's opening, about 19:00; a shift lasts at least three hours.
    const start = open ? 19 * 60 : random.pick(START_MINUTES);
    const first = start + 180;
    const last = 23 * 60 + 50;
    let end: string = LAST;
    if (first <= last && !random.chance(0.45)) {
      end = hhmm(first + random.int(0, Math.floor((last - first) / 10)) * 10);
    }
    return {
      schedule_id: random.id(),
      staff_id: input.staffId,
      date: tokyoDate(input.now, offset),
      start_time: open ? OPEN : hhmm(start),
      end_time: end,
      created_at: input.now,
      updated_at: input.now,
    };
  });
}
