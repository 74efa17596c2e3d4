import { data, Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { readFormData } from "~/.server/http/form";
import { listOutboxMails } from "~/.server/services/mail/list-outbox-mails";
import { resendOutboxMail } from "~/.server/services/mail/resend-outbox-mail";
import { FilterTabs, Pager } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, isRecordId, parsePage } from "~/domain/admin";
import { MAIL_STATUS_LABELS, type MailStatusName } from "~/domain/mail-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mail";

/** The filter of `?status=`: failed mails by default, any known status, or all. */
function statusFilter(value: string | null): string {
  if (value === "all") return "all";
  return value && Object.hasOwn(MAIL_STATUS_LABELS, value) ? value : "failed";
}

/** What "send again" did: the mail is queued for the background worker (ADR 0015). */
const DONE = {
  queued: "メールを送信待ちに戻しました。まもなく送信されます",
  sending: "このメールは送信中です",
  kept: "SMTP が設定されていないため送信されませんでした（開発環境）",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const status = statusFilter(url.searchParams.get("status"));
  const result = await listOutboxMails({
    db: context.db,
    actor,
    input: { status, page: parsePage(url.searchParams.get("page")) },
  });
  const done = url.searchParams.get("done");
  return {
    status,
    ...result,
    items: result.items.map((m) => ({
      ...m,
      created_at: m.created_at.toISOString(),
      sent_at: m.sent_at?.toISOString() ?? null,
    })),
    done: doneMessage(done, DONE),
    doneTone: "success" as const,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const id = String(form.get("id") ?? "");
  const back = String(form.get("status") ?? "failed");
  if (!isRecordId(id)) throw data(null, { status: 404 });
  const result = await resendOutboxMail({ db: context.db, mailer: context.mailer, actor, input: { id } });
  if (!result.ok) throw data(null, { status: 404 });
  return redirect(`/admin/mail?status=${encodeURIComponent(statusFilter(back))}&done=${result.mail.status}`);
}

export function meta() {
  return [{ title: pageTitle("メール送信履歴") }, { name: "robots", content: "noindex, nofollow" }];
}

const TONES: Record<string, "red" | "green" | "gray" | "amber"> = {
  failed: "red",
  sent: "green",
  kept: "gray",
  queued: "amber",
  sending: "amber",
};

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { status, items, total, page, pageSize, counts, done, doneTone } = loaderData;
  const href = (s: string, p = 1) => `/admin/mail?status=${s}${p > 1 ? `&page=${p}` : ""}`;
  const known = (Object.keys(MAIL_STATUS_LABELS) as MailStatusName[]).filter(
    (s) => s === "failed" || (counts[s] ?? 0) > 0,
  );
  return (
    <>
      <PageHeader
        title="メール送信履歴"
        lead="送信に失敗したメールは、原因（SMTP サーバーの停止など）が解消してから再送信してください。"
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          ...known.map((s) => ({
            to: href(s),
            label: MAIL_STATUS_LABELS[s] ?? s,
            active: status === s,
            count: counts[s] ?? 0,
          })),
          { to: href("all"), label: "すべて", active: status === "all" },
        ]}
      />
      {items.length === 0 ? (
        <EmptyState
          title={status === "failed" ? "送信に失敗したメールはありません" : "該当するメールはありません"}
        />
      ) : (
        <ul className="space-y-3">
          {items.map((mail) => (
            <li
              key={mail.id}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="outbox-row"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 flex-1">
                  <p className="break-all font-bold text-sm">{mail.subject}</p>
                  <p className="break-all text-slate-500 text-xs">
                    宛先 {mail.to}・{formatAdminDateTime(mail.created_at)}
                  </p>
                </div>
                <Badge tone={TONES[mail.status] ?? "gray"}>
                  {MAIL_STATUS_LABELS[mail.status] ?? mail.status}
                </Badge>
              </div>
              {mail.error ? (
                <p className="mt-2 break-all rounded-lg bg-red-50 p-2 text-red-800 text-xs">{mail.error}</p>
              ) : null}
              {mail.status === "failed" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={mail.id} />
                  <input type="hidden" name="status" value={status} />
                  <SubmitButton variant="secondary" block={false} pendingLabel="再送信中…">
                    再送信
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => href(status, p)} />
      <FlashMessage message={done} tone={doneTone} />
    </>
  );
}
