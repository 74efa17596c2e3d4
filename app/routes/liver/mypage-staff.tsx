import { data, Form, Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { done, failed, type MypageActionData } from "~/.server/http/mypage-form";
import { deleteStaff } from "~/.server/services/staff/delete-staff";
import { getStaffManagement } from "~/.server/services/staff/get-staff-management";
import { issueStaffInvitation } from "~/.server/services/staff/issue-staff-invitation";
import { moveStaff } from "~/.server/services/staff/move-staff";
import { revokeStaffInvitation } from "~/.server/services/staff/revoke-staff-invitation";
import { setStaffDisplay } from "~/.server/services/staff/set-staff-display";
import { Notice } from "~/components/account/auth-card";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { IssuedInvitation } from "~/components/mypage/invitation-share";
import { StaffAvatar } from "~/components/mypage/staff-avatar";
import {
  Badge,
  ButtonLink,
  Card,
  doneMessage,
  EmptyState,
  FlashMessage,
  PageHeader,
  SMALL_BUTTON,
} from "~/components/ui/kit";
import { formatMonthDayTime } from "~/domain/relative-time";
import { INVITATION_NOTE_MAX, INVITATION_VALID_DAYS } from "~/domain/staff-invitation";
import {
  INVITATION_STATE_LABELS,
  InvitationNoteSchema,
  STAFF_MANAGEMENT_DONE,
  STAFF_MANAGEMENT_MESSAGES,
} from "~/domain/staff-management";
import { displayStateLabel, logActionLabel } from "~/domain/store-logs";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const url = new URL(request.url);
  const page = await getStaffManagement({
    db: context.db,
    actor: viewer,
    logPage: Number(url.searchParams.get("log_page") ?? 1),
  });
  if (!page) throw new Response(null, { status: 404 });
  return { ...page, done: url.searchParams.get("done") };
}

type ActionData = MypageActionData & { invitation?: { url: string; expiresAt: Date } };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed("", {}, { [FORM_ERROR_KEY]: STAFF_MANAGEMENT_MESSAGES.not_found });
  }
  const staffId = String(form.get("staff_id") ?? "");
  const db = context.db;
  const notFound = (refuse: IntentContext["refuse"]) =>
    refuse({ [FORM_ERROR_KEY]: STAFF_MANAGEMENT_MESSAGES.not_found }, 404);
  return dispatchIntent(
    form,
    {
      display: intent({
        run: async (_none, { refuse }) => {
          const displayed = form.get("displayed") === "1";
          const result = await setStaffDisplay({ db, actor: viewer, input: { staffId, displayed } });
          if (!result.ok && result.error === "hidden_by_operator")
            return refuse({ [FORM_ERROR_KEY]: STAFF_MANAGEMENT_MESSAGES.hidden_by_operator }, 409);
          return result.ok ? done(request, displayed ? "shown" : "hidden") : notFound(refuse);
        },
      }),
      delete: intent({
        run: async (_none, { refuse }) => {
          const result = await deleteStaff({ db, images: context.images, actor: viewer, input: { staffId } });
          return result.ok ? done(request, "deleted") : notFound(refuse);
        },
      }),
      move: intent({
        run: async (_none, { refuse }) => {
          const direction = form.get("direction") === "down" ? "down" : "up";
          const result = await moveStaff({ db, actor: viewer, input: { staffId, direction } });
          return result.ok ? done(request, "moved") : notFound(refuse);
        },
      }),
      invite: intent({
        schema: InvitationNoteSchema,
        run: async (input, { intent: name, refuse }) => {
          const result = await issueStaffInvitation({ db, env: context.env, actor: viewer, input });
          if (!result.ok) return notFound(refuse);
          // The link is shown this once (only its hash is kept): no redirect.
          return data<ActionData>({
            intent: name,
            values: {},
            errors: {},
            invitation: { url: result.url, expiresAt: result.expiresAt },
          });
        },
      }),
      revoke: intent({
        run: async (_none, { intent: name }) => {
          const id = String(form.get("invitation_id") ?? "");
          const result = await revokeStaffInvitation({ db, actor: viewer, input: { id } });
          return result.ok
            ? done(request, "revoked")
            : failed(name, {}, { [FORM_ERROR_KEY]: STAFF_MANAGEMENT_MESSAGES.invitation_not_found }, 404);
        },
      }),
    },
    { otherwise: intent({ run: (_none, { refuse }: IntentContext) => notFound(refuse) }) },
  );
}

export function meta() {
  return [{ title: pageTitle("キャスト管理") }, { name: "robots", content: "noindex" }];
}

export default function LiverStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { store, staff, invitations, logs } = loaderData;
  const result = actionData as ActionData | undefined;
  const full = staff.length >= store.limit_staff;
  const rowError =
    result && ["display", "delete", "move"].includes(result.intent) ? result.errors._form : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        title="キャスト管理"
        lead={
          <>
            登録数 <strong className="tabular-nums">{staff.length}</strong> / {store.limit_staff}
            名。上から順にお店のページに表示されます。
          </>
        }
        actions={
          full ? null : (
            <ButtonLink to="/liver/mypage/staff/create">
              <span aria-hidden="true">＋</span>キャストを登録
            </ButtonLink>
          )
        }
      />
      <FlashMessage message={doneMessage(loaderData.done, STAFF_MANAGEMENT_DONE)} />
      {full ? (
        <Notice tone="info">
          <strong>{STAFF_MANAGEMENT_MESSAGES.limit_reached}</strong>（{store.limit_staff}名）。
          {STAFF_MANAGEMENT_MESSAGES.limit_hint}
          <Link to="/liver/mypage/setting#plan" className="ml-1 font-bold underline">
            プランを確認する
          </Link>
        </Notice>
      ) : null}
      {rowError ? <Notice tone="error">{rowError}</Notice> : null}

      <Card title="在籍キャスト" testId="staff-list">
        {staff.length === 0 ? (
          <EmptyState title="キャストはまだ登録されていません">
            「キャストを登録」からログインIDとパスワードを決めて登録するか、下の招待リンクをキャストに送ってください。
          </EmptyState>
        ) : (
          <ol className="divide-y divide-slate-100">
            {staff.map((member, index) => (
              <li key={member.uid} className="py-3" data-testid="staff-row" data-staff-id={member.uid}>
                <div className="flex items-start gap-3">
                  <StaffAvatar name={member.name} imageUrl={member.image_url} size="size-14" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={`/liver/mypage/staff/${member.uid}`}
                        className="font-bold text-base hover:underline"
                      >
                        {member.name}
                      </Link>
                      <Badge tone={member.is_displayed ? "green" : "gray"}>
                        {displayStateLabel(member.is_displayed)}中
                      </Badge>
                      {member.operator_hidden ? <Badge tone="red">運営により非表示</Badge> : null}
                    </div>
                    <p className="truncate text-slate-500 text-xs">
                      {member.name_kana}
                      {member.login_id ? <> ・ ID: {member.login_id}</> : null}
                    </p>
                    {member.updated_display_at ? (
                      <p className="text-slate-400 text-xs">
                        表示切替 {formatMonthDayTime(member.updated_display_at)}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
                    <MoveForm staffId={member.uid} direction="up" disabled={index === 0} name={member.name} />
                    <MoveForm
                      staffId={member.uid}
                      direction="down"
                      disabled={index === staff.length - 1}
                      name={member.name}
                    />
                  </div>
                </div>
                <div className="mt-2 flex flex-wrap items-start gap-2 sm:pl-[4.25rem]">
                  {member.operator_hidden ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="display" />
                      <input type="hidden" name="staff_id" value={member.uid} />
                      <input type="hidden" name="displayed" value={member.is_displayed ? "0" : "1"} />
                      <button
                        type="submit"
                        className={SMALL_BUTTON}
                        aria-label={`${member.is_displayed ? "非表示にする" : "表示する"}（${member.name}）`}
                      >
                        {member.is_displayed ? "非表示にする" : "表示する"}
                      </button>
                    </Form>
                  )}
                  <Link
                    to={`/liver/mypage/staff/${member.uid}`}
                    className={SMALL_BUTTON}
                    aria-label={`編集（${member.name}）`}
                  >
                    編集
                  </Link>
                  <Link
                    to={`/liver/mypage/staff/${member.uid}?tab=schedule`}
                    className={SMALL_BUTTON}
                    aria-label={`出勤（${member.name}）`}
                  >
                    出勤
                  </Link>
                  <MoreActions staffId={member.uid} name={member.name} canCopy={!full} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <InvitationCard
        storeName={store.store_name}
        invitations={invitations}
        result={result?.intent === "invite" || result?.intent === "revoke" ? result : undefined}
      />

      <Card
        title="操作履歴"
        id="activity"
        lead="キャストの登録・表示切替・削除などの記録です。"
        testId="activity-log"
      >
        {logs.items.length === 0 ? (
          <p className="text-slate-500 text-sm">まだ操作の記録はありません。</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 text-sm">
              {logs.items.map((log) => (
                <li key={log.log_id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                  <time
                    dateTime={new Date(log.created_at).toISOString()}
                    className="shrink-0 text-slate-500 tabular-nums"
                  >
                    {formatMonthDayTime(log.created_at)}
                  </time>
                  <Badge
                    tone={log.action === "deleted" ? "red" : log.action === "created" ? "brand" : "gray"}
                  >
                    {logActionLabel(log.action)}
                  </Badge>
                  <span className="min-w-0">{log.description}</span>
                </li>
              ))}
            </ul>
            <Pager page={logs.page} pageSize={logs.pageSize} total={logs.total} />
          </>
        )}
      </Card>
    </div>
  );
}

function MoveForm({
  staffId,
  direction,
  disabled,
  name,
}: {
  staffId: string;
  direction: "up" | "down";
  disabled: boolean;
  name: string;
}) {
  const label = direction === "up" ? "上へ" : "下へ";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="staff_id" value={staffId} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={SMALL_BUTTON} disabled={disabled} title={label}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only">
          {name}を{label}
        </span>
      </button>
    </Form>
  );
}

/**
 * The rarer actions of a row behind その他: copy the profile into a new staff member, and delete.
 * Deleting asks first (the consequence and the real button), which works without JavaScript too.
 */
function MoreActions({ staffId, name, canCopy }: { staffId: string; name: string; canCopy: boolean }) {
  return (
    <details className="group relative">
      <summary
        className={`${SMALL_BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`その他の操作（${name}）`}
      >
        その他
        <span aria-hidden="true" className="ml-1 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 rounded-xl bg-white p-3 text-sm shadow-xl ring-1 ring-slate-200">
        {canCopy ? (
          <Link
            to={`/liver/mypage/staff/create/${staffId}`}
            className={`${SMALL_BUTTON} w-full`}
            aria-label={`「${name}」のプロフィールを複製して新しく登録`}
          >
            プロフィールを複製して登録
          </Link>
        ) : null}
        <div className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          <p>
            「{name}
            」を削除すると、お店のページから消え、ログインもできなくなります。元に戻すことはできません。
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="staff_id" value={staffId} />
            <button
              type="submit"
              className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 font-bold text-sm text-white hover:bg-red-800"
            >
              「{name}」を削除する
            </button>
          </Form>
        </div>
      </div>
    </details>
  );
}

function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label="操作履歴のページ" className="mt-3 flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link to={`?log_page=${page - 1}#activity`} className={SMALL_BUTTON} preventScrollReset>
          新しい履歴
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500 tabular-nums">
        {page} / {pages}
      </span>
      {page < pages ? (
        <Link to={`?log_page=${page + 1}#activity`} className={SMALL_BUTTON} preventScrollReset>
          古い履歴
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function InvitationCard({
  storeName,
  invitations,
  result,
}: {
  storeName: string;
  invitations: {
    id: string;
    note: string;
    created_at: Date;
    expires_at: Date;
    state: keyof typeof INVITATION_STATE_LABELS;
    used_by_name: string | null;
  }[];
  result?: ActionData;
}) {
  const issued = result?.invitation;
  return (
    <Card
      title="招待リンク"
      id="invitations"
      lead={`キャスト本人にログインIDとパスワードを決めて登録してもらう場合は、招待リンクを送ってください。リンクは${INVITATION_VALID_DAYS}日間、1回だけ使えます。`}
      testId="invitations"
    >
      {issued ? (
        <IssuedInvitation url={issued.url} expiresAt={issued.expiresAt} storeName={storeName} />
      ) : null}
      <FormErrorSummary
        errors={result?.errors}
        labels={{ note: "メモ" }}
        idPrefix="invite"
        className="mb-4"
      />
      {/* A fresh form after each issued link (the note was for that link). */}
      <Form
        key={issued?.url ?? "invite"}
        method="post"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
      >
        <input type="hidden" name="intent" value="invite" />
        <TextInput
          name="note"
          label="メモ（誰に送ったか）"
          idPrefix="invite"
          hint="キャストには表示されません"
          maxLength={INVITATION_NOTE_MAX}
          defaultValue={typeof result?.values.note === "string" ? result.values.note : ""}
          error={result?.errors.note}
          required={false}
          className="flex-1"
        />
        <SubmitButton block={false} pendingLabel="発行中…" className="shrink-0">
          招待リンクを発行
        </SubmitButton>
      </Form>
      {invitations.length > 0 ? (
        <ul className="mt-5 divide-y divide-slate-100 text-sm">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Badge
                tone={invitation.state === "valid" ? "green" : invitation.state === "used" ? "brand" : "gray"}
              >
                {INVITATION_STATE_LABELS[invitation.state]}
              </Badge>
              <span className="min-w-0 flex-1">
                {invitation.note || "（メモなし）"}
                {invitation.used_by_name ? (
                  <span className="text-slate-500">：{invitation.used_by_name}さんが登録</span>
                ) : null}
                <span className="block text-slate-500 text-xs">
                  発行 {formatMonthDayTime(invitation.created_at)}・期限{" "}
                  {formatMonthDayTime(invitation.expires_at)}
                </span>
              </span>
              {invitation.state === "valid" ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitation_id" value={invitation.id} />
                  <button type="submit" className={SMALL_BUTTON}>
                    取り消す
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
