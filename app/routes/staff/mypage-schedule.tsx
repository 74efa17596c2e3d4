import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY } from "~/.server/http/form";
import { FORM_MESSAGES, failed, type MypageActionData } from "~/.server/http/mypage-form";
import { loadSchedule, scheduleAction } from "~/.server/http/schedule-form";
import { ScheduleEditor } from "~/components/mypage/schedule-editor";
import { doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { SHIFT_MESSAGES } from "~/domain/shifts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "staff");
  const schedule = await loadSchedule({ request, context, actor: viewer, staffId: viewer.uid });
  return { ...schedule, done: new URL(request.url).searchParams.get("done") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "staff");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed("schedule", {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable });
  }
  return scheduleAction({ request, context, actor: viewer, staffId: viewer.uid, form });
}

export function meta() {
  return [{ title: pageTitle("出勤スケジュール") }, { name: "robots", content: "noindex" }];
}

export default function StaffSchedule({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <PageHeader
        title="出勤スケジュール"
        lead="出勤予定はお店のページに表示されます。週ごとに入力して保存してください。"
      />
      <FlashMessage message={doneMessage(loaderData.done, { schedule: SHIFT_MESSAGES.saved })} />
      <ScheduleEditor
        view={loaderData.view}
        today={loaderData.today}
        items={loaderData.items}
        result={actionData as MypageActionData | undefined}
        basePath="/staff/mypage/schedule"
      />
    </div>
  );
}
