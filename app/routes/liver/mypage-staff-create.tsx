import { Form, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY, parseForm } from "~/.server/http/form";
import { failed, type MypageActionData } from "~/.server/http/mypage-form";
import { createStaff } from "~/.server/services/staff/create-staff";
import { prepareStaffCreation } from "~/.server/services/staff/prepare-staff-creation";
import { Notice } from "~/components/account/auth-card";
import { StaffAccountFields } from "~/components/account/staff-account-fields";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { ButtonLink, Card, PageHeader } from "~/components/ui/kit";
import { STAFF_ACCOUNT_LABELS, STAFF_ACCOUNT_MESSAGES, StaffAccountSchema } from "~/domain/staff-account";
import { STAFF_MANAGEMENT_MESSAGES } from "~/domain/staff-management";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-staff-create";

const LABELS = STAFF_ACCOUNT_LABELS;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const creation = await prepareStaffCreation({
    db: context.db,
    actor: viewer,
    templateId: params.id ?? null,
  });
  if (!creation) throw new Response(null, { status: 404 });
  // A template that is not one of the store's own staff: not a page of this store.
  if (params.id && !creation.template) throw new Response(null, { status: 404 });
  return creation;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const parsed = await parseForm(request, StaffAccountSchema);
  if (!parsed.ok) return failed("create", parsed.values, parsed.errors);
  const result = await createStaff({
    db: context.db,
    actor: viewer,
    input: parsed.data,
    templateId: params.id ?? null,
  });
  if (result.ok) return redirect(`/liver/mypage/staff/${result.uid}?done=created`);
  const fail = (errors: Record<string, string>, status = 400) =>
    failed("create", parsed.values, errors, status);
  switch (result.error) {
    case "login_id_taken":
      return fail({ login_id: STAFF_ACCOUNT_MESSAGES.login_id_taken });
    case "limit_reached":
      return fail({ [FORM_ERROR_KEY]: STAFF_ACCOUNT_MESSAGES.limit_reached }, 409);
    case "template_not_found":
      return fail({ [FORM_ERROR_KEY]: STAFF_MANAGEMENT_MESSAGES.template_not_found }, 404);
    default:
      return fail({ [FORM_ERROR_KEY]: STAFF_ACCOUNT_MESSAGES.store_unavailable }, 403);
  }
}

export function meta() {
  return [{ title: pageTitle("キャストの登録") }, { name: "robots", content: "noindex" }];
}

export default function LiverStaffCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { limit_staff, staffCount, template, candidates, planName } = loaderData;
  const result = actionData as MypageActionData | undefined;
  const { fields } = useSchemaForm(StaffAccountSchema, { result });
  const full = staffCount >= limit_staff;

  return (
    <div className="space-y-6">
      <PageHeader
        title="キャストの登録"
        back={{ to: "/liver/mypage/staff", label: "キャスト管理" }}
        lead={
          <>
            登録数 <strong className="tabular-nums">{staffCount}</strong> / {limit_staff}名
            {planName ? `（${planName}プラン）` : ""}
          </>
        }
      />
      {full ? (
        <Notice tone="error">
          <strong>{STAFF_ACCOUNT_MESSAGES.limit_reached}</strong>（{limit_staff}名）。
          {STAFF_MANAGEMENT_MESSAGES.limit_hint}
        </Notice>
      ) : null}

      {full ? (
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/liver/mypage/staff" variant="secondary">
            キャスト管理へ戻る
          </ButtonLink>
          <ButtonLink to="/liver/mypage/setting#plan">プランを確認する</ButtonLink>
        </div>
      ) : (
        <Card
          title="ログイン情報"
          lead="キャストはこのログインIDとパスワードで「キャストログイン」からログインします。登録後にプロフィールや写真を入力できます。"
        >
          {template ? (
            <p className="mb-4 rounded-lg bg-brand-50 p-3 text-brand-700 text-sm" data-testid="template-note">
              「{template.name}
              」のプロフィール（年齢・身長・タイプ・自己紹介・公開設定）をコピーして登録します。
              <Link to="/liver/mypage/staff/create" className="ml-1 font-bold underline">
                コピーしない
              </Link>
            </p>
          ) : candidates.length > 0 ? (
            <details className="mb-4 text-sm">
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700">
                在籍キャストのプロフィールをもとに登録する
              </summary>
              <ul className="mt-1 flex flex-wrap gap-2">
                {candidates.map((candidate) => (
                  <li key={candidate.uid}>
                    <Link
                      to={`/liver/mypage/staff/create/${candidate.uid}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-slate-300 px-4 hover:bg-slate-50"
                    >
                      {candidate.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <FormErrorSummary
            errors={result?.errors}
            labels={LABELS}
            order={Object.keys(LABELS)}
            className="mb-4"
          />
          <Form method="post" className="space-y-5" noValidate>
            <StaffAccountFields fields={fields} byStore />
            <SubmitButton pendingLabel="登録中…">キャストを登録する</SubmitButton>
          </Form>
        </Card>
      )}
    </div>
  );
}
