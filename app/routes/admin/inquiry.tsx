import { data, Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { type FieldErrors, type FormValues, fieldErrorsOf, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { getInquiry } from "~/.server/services/inquiries/get-inquiry";
import { markInquiryHandled } from "~/.server/services/inquiries/mark-inquiry-handled";
import { replyToInquiry } from "~/.server/services/inquiries/reply-to-inquiry";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import {
  ADMIN_MESSAGES,
  auditActionLabel,
  formatAdminDateTime,
  INQUIRY_LABELS,
  INQUIRY_STATUS_LABELS,
  inquiryKindOfPath,
  isRecordId,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
} from "~/domain/admin";
import { ReplySchema } from "~/domain/admin-reply";
import { MAIL_STATUS_LABELS } from "~/domain/mail-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/inquiry";

const DONE = {
  handled: "対応済みにしました",
  replied: "返信メールを送信しました",
  reply_kept: ADMIN_MESSAGES.mail_kept,
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const kind = inquiryKindOfPath(url.pathname);
  if (!isRecordId(params.id)) throw data(null, { status: 404 });
  const inquiry = await getInquiry({ db: context.db, actor, input: { kind, id: params.id } });
  if (!inquiry) throw data(null, { status: 404 });
  return {
    kind,
    inquiry: {
      ...inquiry,
      created_at: inquiry.created_at.toISOString(),
      history: inquiry.history.map((h) => ({ ...h, at: h.at.toISOString() })),
    },
    done: doneMessage(url.searchParams.get("done"), DONE),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const kind = inquiryKindOfPath(new URL(request.url).pathname);
  if (!isRecordId(params.id)) throw data(null, { status: 404 });
  const id = params.id;
  const base = `${INQUIRY_LABELS[kind].path}/${id}`;
  const form = (await readFormData(request)) ?? new FormData();
  return dispatchIntent(
    form,
    {
      handled: intent({
        run: async () => {
          const result = await markInquiryHandled({ db: context.db, actor, input: { kind, id } });
          if (!result.ok && result.error === "not_found") throw data(null, { status: 404 });
          return redirect(`${base}?done=handled`);
        },
      }),
      // Read by hand: each text is cut at twice its limit (the schema still refuses it), the
      // checkbox's "1" is `mark_handled`, and a refusal echoes these three values.
      reply: intent({
        run: async () => {
          const values = {
            subject: String(form.get("subject") ?? "").slice(0, REPLY_SUBJECT_MAX * 2),
            body: String(form.get("body") ?? "").slice(0, REPLY_BODY_MAX * 2),
            mark_handled: form.get("mark_handled") === "1",
          };
          const parsed = ReplySchema.safeParse(values);
          if (!parsed.success)
            return data(
              {
                errors: fieldErrorsOf(parsed.error.issues, { subject: values.subject, body: values.body }),
                values,
              },
              { status: 400 },
            );
          const result = await replyToInquiry({ ...context, actor, input: { kind, id, reply: parsed.data } });
          if (!result.ok) throw data(null, { status: 404 });
          return redirect(`${base}?done=${result.mail.status === "kept" ? "reply_kept" : "replied"}`);
        },
      }),
    },
    {
      unknown: "操作を読み取れませんでした。もう一度お試しください",
      refusal: (_intent: string, _values: FormValues, errors: FieldErrors, status = 400) =>
        data({ errors, values: null }, { status }),
    },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData
    ? `${INQUIRY_LABELS[loaderData.kind].title}：${loaderData.inquiry.title}`
    : "管理画面";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminInquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, inquiry, done } = loaderData;
  const labels = INQUIRY_LABELS[kind];
  const values = actionData?.values ?? null;
  const { fields, errors } = useSchemaForm(ReplySchema, {
    defaultValue: { subject: labels.subject, body: "", mark_handled: true },
    result: actionData,
  });
  return (
    <>
      <PageHeader
        title={inquiry.title}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={inquiry.status === "new" ? "brand" : "gray"}>
              <span data-testid="inquiry-status">{INQUIRY_STATUS_LABELS[inquiry.status]}</span>
            </Badge>
            <span>
              {formatAdminDateTime(inquiry.created_at)} 受付・受付番号 {inquiry.id.slice(0, 8)}
            </span>
          </span>
        }
        back={{ to: labels.path, label: `${labels.title}の一覧へ` }}
      />
      <div className="space-y-5">
        <Card title="内容">
          <dl className="divide-y divide-slate-100" data-testid="inquiry-fields">
            {inquiry.rows.map((row) => (
              <div key={row.label} className="py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-3">
                <dt className="font-bold text-slate-500 text-xs sm:text-sm">{row.label}</dt>
                <dd className="whitespace-pre-wrap break-all text-sm">{row.value || "（なし）"}</dd>
              </div>
            ))}
          </dl>
          {inquiry.status === "new" ? (
            <Form method="post" className="mt-4">
              <SubmitButton
                name="intent"
                value="handled"
                variant="secondary"
                block={false}
                pendingLabel="更新中…"
              >
                対応済みにする
              </SubmitButton>
            </Form>
          ) : null}
        </Card>

        <Card
          title="メールで返信"
          lead={`${inquiry.email} 宛てに送信します。送信した内容は操作ログに記録されます。`}
        >
          <FormErrorSummary errors={errors} labels={{ subject: "件名", body: "本文" }} />
          {/* A new form after each reply (the fields are uncontrolled and would keep the sent text). */}
          <Form key={inquiry.history.length} method="post" className="space-y-5" noValidate>
            <input type="hidden" name="intent" value="reply" />
            <TextInput {...field(fields.subject)} label="件名" maxLength={REPLY_SUBJECT_MAX} />
            <TextareaInput
              {...field(fields.body)}
              label="本文"
              hint={`「${inquiry.name} 様」の宛名と、お問い合わせ内容の引用は自動で入ります。`}
              maxLength={REPLY_BODY_MAX}
              rows={8}
            />
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.mark_handled.name}
                value="1"
                defaultChecked={values ? values.mark_handled : true}
                className="size-5 accent-brand-600"
              />
              送信後に対応済みにする
            </label>
            <SubmitButton pendingLabel="送信中…">返信を送信</SubmitButton>
          </Form>
        </Card>

        <Card title="対応履歴">
          {inquiry.history.length === 0 ? (
            <p className="text-slate-500 text-sm">まだ対応の記録はありません。</p>
          ) : (
            <ol className="space-y-3" data-testid="inquiry-history">
              {inquiry.history.map((entry) => (
                <li key={entry.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="font-bold">{auditActionLabel(entry.action)}</p>
                  <p className="text-slate-500 text-xs">
                    {formatAdminDateTime(entry.at)}・{entry.operator_email}
                  </p>
                  {entry.mail ? (
                    <p className="mt-1 text-xs">
                      件名「{entry.mail.subject}」・
                      {MAIL_STATUS_LABELS[entry.mail.status] ?? entry.mail.status}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
      <FlashMessage message={done} />
    </>
  );
}
