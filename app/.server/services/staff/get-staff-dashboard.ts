import { and, asc, eq, gte, lte } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { businessDate } from "~/domain/shift-status";
import { addDays } from "~/domain/shifts";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, schedules, staffs } from "../../db/schema";

export interface StaffDashboard {
  staff: {
    name: string;
    liver_name: string;
    store_status: string;
    follower_number: number;
    is_displayed: boolean;
    imageCount: number;
    hasIntroduction: boolean;
    hasSns: boolean;
  };
  today: string;
  todayShift: { start_time: string; end_time: string } | null;
  /** The next 7 days after today. */
  upcoming: { date: string; start_time: string; end_time: string }[];
}

/** The staff member's home (`/staff/mypage`): today's shift, the week ahead, followers, what is missing. */
export async function getStaffDashboard({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  now?: Date;
}): Promise<StaffDashboard | null> {
  if (roleRefusal(actor, "staff.dashboard.read")) return null;
  const [row] = await db
    .select({ staff: staffs, store_status: livers.status })
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .where(and(eq(staffs.uid, actor.uid), eq(staffs.status, "public")));
  if (!row) return null;
  const { staff } = row;
  const today = businessDate(now); // the business day (ADR 0010): at 01:00 last night's shift is today's
  const shifts = await db
    .select({ date: schedules.date, start_time: schedules.start_time, end_time: schedules.end_time })
    .from(schedules)
    .where(
      and(
        eq(schedules.staff_id, actor.uid),
        gte(schedules.date, today),
        lte(schedules.date, addDays(today, 7)),
      ),
    )
    .orderBy(asc(schedules.date));
  const todayShift = shifts.find((shift) => shift.date === today);
  return {
    staff: {
      name: staff.name,
      liver_name: staff.liver_name,
      store_status: row.store_status,
      follower_number: staff.follower_number,
      is_displayed: staff.is_displayed,
      imageCount: staff.image_urls.length,
      hasIntroduction: staff.introduction.trim() !== "",
      hasSns: Boolean(staff.instagram_id || staff.tiktok_id || staff.youtube_id),
    },
    today,
    todayShift: todayShift ? { start_time: todayShift.start_time, end_time: todayShift.end_time } : null,
    upcoming: shifts.filter((shift) => shift.date !== today),
  };
}
