import { Form, Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY } from "~/.server/http/form";
import { intent } from "~/.server/http/intent-action";
import { done, FORM_MESSAGES, type MypageActionData } from "~/.server/http/mypage-form";
import { loadSchedule, scheduleAction } from "~/.server/http/schedule-form";
import { staffProfileAction } from "~/.server/http/staff-profile-form";
import { getStaffProfile } from "~/.server/services/staff/get-staff-profile";
import { setStaffPassword } from "~/.server/services/staff/set-staff-password";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { PasswordInput } from "~/components/form/password-input";
import { SubmitButton } from "~/components/form/submit-button";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { GalleryEditor, galleryResult } from "~/components/mypage/gallery-editor";
import { ScheduleEditor } from "~/components/mypage/schedule-editor";
import { StaffProfileForm, staffProfileValues } from "~/components/mypage/staff-profile-form";
import { Badge, Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { GALLERY_DONE } from "~/domain/images";
import { STAFF_MANAGEMENT_DONE } from "~/domain/staff-management";
import { StaffPasswordSchema } from "~/domain/staff-profile";
import { displayStateLabel } from "~/domain/store-logs";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-staff-edit";

const TABS = [
  { key: "profile", label: "プロフィール" },
  { key: "schedule", label: "出勤" },
  { key: "password", label: "パスワード" },
] as const;
type Tab = (typeof TABS)[number]["key"];

const DONE = { ...STAFF_MANAGEMENT_DONE, ...GALLERY_DONE } as const;

function tabOf(url: URL): Tab {
  const tab = url.searchParams.get("tab");
  return TABS.some((t) => t.key === tab) ? (tab as Tab) : "profile";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const staff = await getStaffProfile({ db: context.db, actor: viewer, staffId: params.id });
  // Another store's staff, a deleted one or an unknown id: not a page of this store.
  if (!staff) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const tab = tabOf(url);
  const schedule =
    tab === "schedule" ? await loadSchedule({ request, context, actor: viewer, staffId: staff.uid }) : null;
  return { staff, tab, schedule, done: url.searchParams.get("done") };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  return staffProfileAction({
    request,
    context,
    actor: viewer,
    staffId: params.id,
    intents: {
      // The schedule editor reads its own fields (schedule-form.ts, shared with the staff's page).
      schedule: intent({
        run: (_none, { form }) =>
          scheduleAction({ request, context, actor: viewer, staffId: params.id, form }),
      }),
      password: intent({
        schema: StaffPasswordSchema,
        run: async ({ password }, { refuse }) => {
          const result = await setStaffPassword({
            db: context.db,
            actor: viewer,
            input: { staffId: params.id, password },
          });
          return result.ok
            ? done(request, "password")
            : refuse({ [FORM_ERROR_KEY]: FORM_MESSAGES.not_found }, 404);
        },
      }),
    },
  });
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: pageTitle(data ? `${data.staff.name}の編集` : "キャストの編集") },
    { name: "robots", content: "noindex" },
  ];
}

export default function LiverStaffEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, tab, schedule } = loaderData;
  const result = actionData as MypageActionData | undefined;
  const base = `/liver/mypage/staff/${staff.uid}`;
  const profileResult = result?.intent === "profile" ? result : undefined;
  const password = useSchemaForm(StaffPasswordSchema, {
    result: result?.intent === "password" ? result : undefined,
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title={staff.name}
        back={{ to: "/liver/mypage/staff", label: "キャスト管理" }}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={staff.is_displayed ? "green" : "gray"}>
              {displayStateLabel(staff.is_displayed)}中
            </Badge>
            {staff.login_id ? <span>ログインID: {staff.login_id}</span> : null}
          </span>
        }
      />
      <FlashMessage message={doneMessage(loaderData.done, DONE)} />

      <nav aria-label="編集する内容" className="flex gap-1 overflow-x-auto rounded-full bg-slate-100 p-1">
        {TABS.map((item) => (
          <Link
            key={item.key}
            to={item.key === "profile" ? base : `${base}?tab=${item.key}`}
            aria-current={tab === item.key ? "page" : undefined}
            className={`inline-flex min-h-11 flex-1 items-center justify-center whitespace-nowrap rounded-full px-4 font-bold text-sm ${tab === item.key ? "bg-white text-brand-700 shadow" : "text-slate-600"}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>

      {tab === "profile" ? (
        <>
          <GalleryEditor
            title="プロフィール画像"
            images={staff.image_urls}
            result={galleryResult(result)}
            action={base}
          />
          <Card title="プロフィール">
            <StaffProfileForm
              values={(profileResult?.values as Record<string, unknown>) ?? staffProfileValues(staff)}
              errors={profileResult?.errors}
              action={base}
            />
          </Card>
        </>
      ) : null}

      {tab === "schedule" && schedule ? (
        <ScheduleEditor
          view={schedule.view}
          today={schedule.today}
          items={schedule.items}
          result={result}
          basePath={`${base}?tab=schedule`}
        />
      ) : null}

      {tab === "password" ? (
        <Card
          title="パスワードの変更"
          lead="キャストがパスワードを忘れたときに、新しいパスワードを設定できます。変更すると、このキャストのログイン中の端末はすべてログアウトされます。"
        >
          <FormErrorSummary
            errors={password.errors}
            labels={{ password: "新しいパスワード", password_confirmation: "新しいパスワード（確認）" }}
            className="mb-4"
          />
          <Form method="post" action={`${base}?tab=password`} className="space-y-5" noValidate>
            <input type="hidden" name="intent" value="password" />
            <PasswordInput
              {...field(password.fields.password)}
              label="新しいパスワード"
              hint="8文字以上128文字以内の半角英数字・記号"
            />
            <PasswordInput
              {...field(password.fields.password_confirmation)}
              label="新しいパスワード（確認）"
            />
            <SubmitButton pendingLabel="変更中…">パスワードを変更する</SubmitButton>
          </Form>
        </Card>
      ) : null}
    </div>
  );
}
