import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import { operatorActor } from "~/.server/http/admin";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { deleteStaffAsOperator } from "~/.server/services/staff/delete-staff-as-operator";
import { getStaffDetail } from "~/.server/services/staff/get-staff-detail";
import { hideStaff } from "~/.server/services/staff/hide-staff";
import { resetStaffLogin } from "~/.server/services/staff/reset-staff-login";
import { unhideStaff } from "~/.server/services/staff/unhide-staff";
import { FactList, HistoryCards, StaffStateBadge, StoreStatusBadge } from "~/components/admin/admin-ui";
import { ReasonForm } from "~/components/admin/reason-form";
import { SubmitButton } from "~/components/form/submit-button";
import { StaffAvatar } from "~/components/mypage/staff-avatar";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import {
  DeleteStaffSchema,
  HideStaffSchema,
  isAccountId,
  STAFF_DONE,
  STAFF_MESSAGES,
} from "~/domain/admin-stores";
import { formatNumber } from "~/domain/format";
import { pageTitle } from "~/site";
import type { Route } from "./+types/staff";

type Intent = "hide" | "unhide" | "delete" | "reset_login";

interface StaffActionData {
  intent: Intent | "";
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  /** The temporary password of a login reset: in this one answer only, never stored or logged. */
  login?: { loginId: string | null; password: string };
}

function staffIdOf(params: { id?: string }): string {
  if (!isAccountId(params.id)) throw new Response(null, { status: 404 });
  return params.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const detail = await getStaffDetail({ db: context.db, actor, input: { staffId: staffIdOf(params) } });
  if (!detail) throw new Response(null, { status: 404 });
  return { ...detail, done: doneMessage(new URL(request.url).searchParams.get("done"), STAFF_DONE) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const staffId = staffIdOf(params);
  const form = (await readFormData(request)) ?? new FormData();
  const back = (done: keyof typeof STAFF_DONE) => redirect(`/admin/staff/${staffId}?done=${done}`);
  type Refused = ReturnType<typeof data<StaffActionData>>;
  type Reply = Response | Refused;
  const answer = (intent: string, body: Omit<StaffActionData, "intent">, status: number) =>
    data<StaffActionData>(
      { intent: intent as Intent, ...body },
      { status, headers: { "Cache-Control": "no-store" } },
    );
  const failure = (error: string, { intent, values }: IntentContext<Refused>) => {
    if (error === "not_found") throw new Response(null, { status: 404 });
    const message = STAFF_MESSAGES[error as keyof typeof STAFF_MESSAGES] ?? STAFF_MESSAGES.not_found;
    return answer(intent, { values, errors: { [FORM_ERROR_KEY]: message } }, 409);
  };
  return dispatchIntent(
    form,
    {
      hide: intent<typeof HideStaffSchema, Reply, Refused>({
        schema: HideStaffSchema,
        run: async ({ reason }, context_) => {
          const result = await hideStaff({ ...context, actor, input: { staffId, reason } });
          return result.ok ? back("hidden") : failure(result.error, context_);
        },
      }),
      unhide: intent<z.ZodType, Reply, Refused>({
        run: async (_none, context_) => {
          const result = await unhideStaff({ ...context, actor, input: { staffId } });
          return result.ok ? back("shown") : failure(result.error, { ...context_, values: {} });
        },
      }),
      delete: intent<typeof DeleteStaffSchema, Reply, Refused>({
        schema: DeleteStaffSchema,
        run: async ({ reason }, context_) => {
          const result = await deleteStaffAsOperator({ ...context, actor, input: { staffId, reason } });
          return result.ok ? back("deleted") : failure(result.error, context_);
        },
      }),
      reset_login: intent<z.ZodType, Reply, Refused>({
        run: async (_none, context_) => {
          const result = await resetStaffLogin({ ...context, actor, input: { staffId } });
          if (!result.ok) return failure(result.error, { ...context_, values: {} });
          // Shown once, in the page this post answers; reloading does not show it again.
          return answer(
            context_.intent,
            { values: {}, errors: {}, login: { loginId: result.loginId, password: result.password } },
            200,
          );
        },
      }),
    },
    {
      unknown: "操作を読み取れませんでした。もう一度お試しください",
      refusal: (intent: string, values: FormValues, errors: FieldErrors, status = 400) =>
        answer(intent, { values, errors }, status),
    },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.staff.name || "キャスト";
  return [{ title: pageTitle(`${name}（キャスト）`) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, hide, hides, logs, audit, done } = loaderData;
  const result = actionData as StaffActionData | undefined;
  const resultFor = (intent: Intent) => (result?.intent === intent ? result : null);
  const deleted = staff.status === "deleted";
  const listed = !deleted && staff.is_displayed && staff.store_status === "public";
  const rowError = resultFor("unhide")?.errors._form ?? resultFor("reset_login")?.errors._form;

  return (
    <>
      <PageHeader
        title={staff.name || "（名前未設定）"}
        back={{ to: `/admin/stores/${staff.liver_id}#staff`, label: `${staff.store_name || "店舗"}へ` }}
        lead={
          <span className="flex flex-wrap items-center gap-2" data-testid="staff-state">
            <StaffStateBadge staff={{ ...staff, operator_hidden: hide !== null }} />
            {staff.login_id ? <span>ログインID: {staff.login_id}</span> : null}
          </span>
        }
        actions={
          listed ? (
            <a
              href={`/listener/staff/${staff.uid}`}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 bg-white px-5 font-bold text-sm hover:bg-slate-50"
            >
              公開ページを開く<span aria-hidden="true">↗</span>
              <span className="sr-only">（新しいタブ）</span>
            </a>
          ) : null
        }
      />
      {rowError ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {rowError}
        </p>
      ) : null}
      {result?.login ? <TemporaryPassword login={result.login} /> : null}
      <div className="space-y-5">
        <Card title="概要">
          <div className="flex items-start gap-4">
            <StaffAvatar name={staff.name} imageUrl={staff.image_url} size="size-16" />
            <div className="min-w-0 flex-1">
              <FactList
                rows={[
                  { label: "フリガナ", value: staff.name_kana || "未設定" },
                  {
                    label: "店舗",
                    value: (
                      <span className="flex flex-wrap items-center gap-2">
                        <Link to={`/admin/stores/${staff.liver_id}`} className="text-brand-700 underline">
                          {staff.store_name || "（店舗名未設定）"}
                        </Link>
                        <StoreStatusBadge status={staff.store_status} />
                      </span>
                    ),
                  },
                  { label: "フォロワー", value: formatNumber(staff.follower_number) },
                  {
                    label: "最終ログイン",
                    value: staff.last_login_at ? formatAdminDateTime(staff.last_login_at) : "記録なし",
                  },
                  { label: "登録日時", value: formatAdminDateTime(staff.created_at) },
                  ...(staff.delete_at
                    ? [{ label: "削除日時", value: formatAdminDateTime(staff.delete_at) }]
                    : []),
                  { label: "キャストID", value: <code className="text-xs">{staff.uid}</code> },
                ]}
              />
            </div>
          </div>
        </Card>

        {deleted ? null : (
          <Card
            title="表示"
            id="display"
            lead="運営が非表示にしている間は、店舗は表示に戻せません。理由は店舗にメールで届きます。"
          >
            {hide ? (
              <div className="space-y-3">
                <div className="rounded-xl bg-red-50 p-4 text-red-900 text-sm ring-1 ring-red-200">
                  <p className="font-bold">運営により非表示</p>
                  <p className="mt-1 text-xs">
                    {formatAdminDateTime(hide.hidden_at)}
                    {hide.hidden_by_email ? `・${hide.hidden_by_email}` : ""}
                  </p>
                  <p className="mt-2 whitespace-pre-wrap break-all">理由：{hide.reason}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="unhide" />
                  <SubmitButton block={false} pendingLabel="解除中…">
                    非表示を解除してメールを送る
                  </SubmitButton>
                </Form>
              </div>
            ) : (
              <ReasonForm
                intent="hide"
                schema={HideStaffSchema}
                result={resultFor("hide")}
                summary="運営として非表示にする"
                label="非表示にする理由"
                button="非表示にしてメールを送る"
                tone="amber"
              />
            )}
          </Card>
        )}

        {deleted ? null : (
          <Card
            title="ログインの再設定"
            id="login"
            lead="キャストがログインできなくなったときに使います。新しい仮パスワードを発行して一度だけ表示し、ログイン中の端末をすべてログアウトさせます。店舗には再設定したことだけをメールで知らせます（パスワードは書きません）。"
          >
            <Form method="post">
              <input type="hidden" name="intent" value="reset_login" />
              <SubmitButton variant="secondary" block={false} pendingLabel="発行中…">
                仮パスワードを発行する
              </SubmitButton>
            </Form>
          </Card>
        )}

        {deleted ? null : (
          <Card title="削除" id="delete">
            <ReasonForm
              intent="delete"
              schema={DeleteStaffSchema}
              result={resultFor("delete")}
              summary="このキャストを削除する"
              label="削除する理由"
              button="削除してメールを送る"
              tone="red"
              warning="削除すると元に戻せません。キャストはログインできなくなり、写真も削除されます。"
            />
          </Card>
        )}

        {hides.length > 0 ? (
          <Card title="非表示の履歴">
            <ol className="space-y-2">
              {hides.map((h) => (
                <li key={h.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="text-slate-500 text-xs">
                    {formatAdminDateTime(h.hidden_at)} 非表示
                    {h.hidden_by_email ? `（${h.hidden_by_email}）` : ""}
                    {h.lifted_at ? ` → ${formatAdminDateTime(h.lifted_at)} 解除` : ""}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-all">理由：{h.reason}</p>
                </li>
              ))}
            </ol>
          </Card>
        ) : null}

        <HistoryCards logs={logs} audit={audit} logsLead="このキャストについての店舗の記録です。" />
      </div>
      <FlashMessage message={done} />
    </>
  );
}

/** The temporary password of a reset, once: the operator reads it out or copies it. */
function TemporaryPassword({ login }: { login: { loginId: string | null; password: string } }) {
  return (
    <section
      aria-labelledby="temporary-password"
      role="status"
      className="mb-5 rounded-2xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-300"
      data-testid="temporary-password"
    >
      <h2 id="temporary-password" className="font-bold">
        仮パスワードを発行しました
      </h2>
      <p className="mt-1 text-sm">
        この画面を離れると二度と表示されません。キャスト本人（または店舗）に安全な方法で伝え、ログイン後に変更するよう案内してください。
      </p>
      <dl className="mt-3 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-xs">ログインID</dt>
          <dd className="font-bold font-mono text-lg">{login.loginId ?? "（なし）"}</dd>
        </div>
        <div>
          <dt className="text-xs">仮パスワード</dt>
          <dd
            className="select-all font-bold font-mono text-lg tracking-wider"
            data-testid="temporary-password-value"
          >
            {login.password}
          </dd>
        </div>
      </dl>
    </section>
  );
}
