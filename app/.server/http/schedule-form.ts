import type { AppLoadContext } from "react-router";
import { DECISION_STATUS } from "~/domain/permissions";
import { businessDate } from "~/domain/shift-status";
import { SHIFT_MESSAGES, ShiftFormSchema, scheduleViewOf } from "~/domain/shifts";
import type { Viewer } from "../auth/viewer";
import { listStaffSchedules } from "../services/schedules/list-staff-schedules";
import { replaceStaffSchedules } from "../services/schedules/replace-staff-schedules";
import { FORM_ERROR_KEY, parseForm } from "./form";
import { done, FORM_MESSAGES, failed } from "./mypage-form";

/**
 * The schedule editor shared by the staff member's page (`/staff/mypage/schedule`) and the store's
 * page of one staff member (`/liver/mypage/staff/{id}?tab=schedule`): the week or month asked for
 * in the query, and the replacement of a week's shifts. "Today" is the business date (ADR 0010):
 * at 01:00 the week still starts with the night that is running (ADR 0059).
 */

export async function loadSchedule({
  request,
  context,
  actor,
  staffId,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  staffId: string;
}) {
  const today = businessDate(new Date());
  const view = scheduleViewOf(new URL(request.url).searchParams, today);
  const result = await listStaffSchedules({
    db: context.db,
    actor,
    staffId,
    input: { start: view.start, end: view.end },
  });
  if (!result.ok) throw new Response(null, { status: result.error === "forbidden" ? 403 : 404 });
  return { today, view, items: result.items };
}

export async function scheduleAction({
  request,
  context,
  actor,
  staffId,
  form,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  staffId: string;
  form: FormData;
}) {
  const parsed = await parseForm(form, ShiftFormSchema);
  if (!parsed.ok) return failed("schedule", parsed.values, parsed.errors);
  try {
    const result = await replaceStaffSchedules({ db: context.db, actor, staffId, input: parsed.data });
    if (result.ok) return done(request, "schedule");
    if (result.error === "invalid")
      return failed("schedule", parsed.values, { [FORM_ERROR_KEY]: result.message });
    return failed(
      "schedule",
      parsed.values,
      { [FORM_ERROR_KEY]: FORM_MESSAGES[result.error] },
      DECISION_STATUS[result.error],
    );
  } catch (error) {
    // ADR 0007: a failed replacement is a text error; the transaction left the old shifts in place.
    console.error("schedule replace failed", error);
    return failed("schedule", parsed.values, { [FORM_ERROR_KEY]: SHIFT_MESSAGES.failed }, 503);
  }
}
