import { data, Form, Link, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, parseForm, readFormData } from "~/.server/http/form";
import { getReport } from "~/.server/services/moderation/get-report";
import { handleReport } from "~/.server/services/moderation/handle-report";
import { FactList } from "~/components/admin/admin-ui";
import { useConfirmStep } from "~/components/admin/confirm-step";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SelectInput } from "~/components/form/select-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, FlashMessage, PageHeader } from "~/components/ui/kit";
import { ACCOUNT_SUSPENSION_TEXTS, SUSPENSION_DAYS } from "~/domain/account-suspensions";
import { formatAdminDateTime } from "~/domain/admin";
import {
  HandleReportSchema,
  isReportKind,
  REPORT_NOTE_MAX,
  REPORT_OUTCOMES,
  REPORT_TEXTS,
  type ReportOutcome,
  STOPPING_OUTCOMES,
} from "~/domain/reports";
import { pageTitle } from "~/site";
import type { Route } from "./+types/report";

interface ReportActionData {
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

function keyOf(params: { kind?: string; id?: string }) {
  if (!isReportKind(params.kind) || !params.id || params.id.length > 64)
    throw new Response(null, { status: 404 });
  return { kind: params.kind, reportId: params.id };
}

/** `/admin/reports/{room|live}/{id}`: one report, what was said around it, and the decision. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const report = await getReport({ db: context.db, actor, input: keyOf(params) });
  if (!report) throw new Response(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done") === "handled";
  return {
    done,
    report: {
      kind: report.kind,
      report_id: report.report_id,
      reason: report.reason,
      status: report.status,
      outcome: report.outcome,
      outcome_note: report.outcome_note,
      handled_at: report.handled_at?.toISOString() ?? null,
      handled_by_email: report.handled_by_email,
      suspension: report.suspension
        ? {
            id: report.suspension.id,
            kind: report.suspension.kind,
            ends_at: report.suspension.ends_at?.toISOString() ?? null,
            lifted_at: report.suspension.lifted_at?.toISOString() ?? null,
            lifted_by_email: report.suspension.lifted_by_email,
            lift_reason: report.suspension.lift_reason,
          }
        : null,
      created_at: report.created_at.toISOString(),
      place: report.place,
      reporter: report.reporter,
      reported: report.reported,
      lines: report.lines.map((line) => ({
        ...line,
        author: report.authors[line.author_id]?.name ?? "",
        byReported: line.author_id === report.reported_id,
      })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const key = keyOf(params);
  const form = (await readFormData(request)) ?? new FormData();
  const parsed = await parseForm(form, HandleReportSchema);
  if (!parsed.ok)
    return data<ReportActionData>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  const result = await handleReport({ ...context, actor, input: { ...key, ...parsed.data } });
  if (!result.ok) {
    if (result.error === "not_found") throw new Response(null, { status: 404 });
    return data<ReportActionData>(
      { values: parsed.values, errors: { [FORM_ERROR_KEY]: REPORT_TEXTS.alreadyHandled } },
      { status: 409 },
    );
  }
  return redirect(`/admin/reports/${key.kind}/${key.reportId}?done=handled`);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const kind = loaderData ? REPORT_TEXTS.kind[loaderData.report.kind] : "";
  return [{ title: pageTitle(`${kind}の通報`) }, { name: "robots", content: "noindex, nofollow" }];
}

const accountLabel = (account: { name: string; type: string; storeName?: string; suspended: boolean }) =>
  `${account.name}（${account.type === "staff" ? `キャスト${account.storeName ? `・${account.storeName}` : ""}` : account.type === "listener" ? "ユーザー" : "不明"}）${account.suspended ? "・停止中" : ""}`;

export default function AdminReport({ loaderData, actionData }: Route.ComponentProps) {
  const { report, done } = loaderData;
  const result = (actionData as ReportActionData | undefined) ?? null;
  return (
    <>
      <PageHeader
        title={`${REPORT_TEXTS.kind[report.kind]}の通報`}
        back={{ to: "/admin/reports", label: "通報一覧へ" }}
        lead={
          <span className="flex flex-wrap items-center gap-2" data-testid="report-status">
            {report.outcome ? (
              <Badge tone={report.outcome === "dismissed" ? "gray" : "red"}>
                {REPORT_TEXTS.outcome[report.outcome]}
              </Badge>
            ) : (
              <Badge tone="brand">未対応</Badge>
            )}
            <span>{formatAdminDateTime(report.created_at)} 受付</span>
          </span>
        }
      />
      <div className="space-y-5">
        <Card title="通報の内容">
          <FactList
            rows={[
              { label: "通報者", value: accountLabel(report.reporter) },
              {
                label: "通報された人",
                value: <span data-testid="reported-account">{accountLabel(report.reported)}</span>,
              },
              { label: "理由", value: <span className="whitespace-pre-wrap">{report.reason}</span> },
              ...(report.kind === "live"
                ? [{ label: "ライブ", value: report.place.title || "（タイトルなし）" }]
                : []),
            ]}
          />
        </Card>

        <Card
          title={report.kind === "room" ? "通報時点のメッセージ" : "通報されたコメントと前後のコメント"}
          lead="通報された人の発言を強調しています。通報後に送られたものは含みません。"
        >
          {report.lines.length === 0 ? (
            <p className="text-slate-500 text-sm">記録されたメッセージはありません。</p>
          ) : (
            <ol className="space-y-2 rounded-xl bg-slate-50 p-3" data-testid="report-context">
              {report.lines.map((line) => (
                <li
                  key={line.id}
                  className={`rounded-lg p-3 text-sm ${line.reported && report.kind === "live" ? "bg-red-50 ring-2 ring-red-300" : line.byReported ? "bg-amber-50 ring-1 ring-amber-200" : "bg-white ring-1 ring-slate-200"}`}
                  data-reported={line.byReported ? "true" : "false"}
                >
                  <p className="flex flex-wrap items-center gap-2 text-slate-500 text-xs">
                    <span className="font-bold text-slate-800">{line.author || "（不明）"}</span>
                    <time dateTime={line.created_at}>{formatAdminDateTime(line.created_at)}</time>
                    {line.deleted ? <Badge tone="gray">削除済み</Badge> : null}
                    {line.reported && report.kind === "live" ? <Badge tone="red">通報対象</Badge> : null}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{line.body}</p>
                  {line.image_url ? (
                    <img
                      src={line.image_url}
                      alt="送信された画像"
                      className="mt-2 max-h-48 rounded"
                      loading="lazy"
                    />
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Card>

        {report.status === "open" ? (
          <Card
            title="対応する"
            id="decide"
            lead="警告と停止では、下の理由が通報された人（キャストの場合は店舗）にメールで届きます。期間を決めた停止では終了日時も届き、期間が過ぎると自動でログインできるようになります。無期限の停止は「利用停止中のアカウント」から解除するまで続きます。通報者には結果だけが届きます。停止するとログイン中の端末もすべてログアウトされます。"
          >
            <DecisionForm result={result} reportedName={report.reported.name || "通報されたアカウント"} />
          </Card>
        ) : (
          <Card title="対応の記録">
            <FactList
              testId="report-decision"
              rows={[
                { label: "対応", value: report.outcome ? REPORT_TEXTS.outcome[report.outcome] : "" },
                { label: "対応日時", value: report.handled_at ? formatAdminDateTime(report.handled_at) : "" },
                { label: "担当", value: report.handled_by_email || "—" },
                ...(report.suspension
                  ? [
                      {
                        label: "停止",
                        value: (
                          <span data-testid="report-suspension">
                            {ACCOUNT_SUSPENSION_TEXTS.kind[report.suspension.kind]}
                            {report.suspension.ends_at
                              ? `（${formatAdminDateTime(report.suspension.ends_at)}まで）`
                              : "（解除するまで）"}
                            {report.suspension.lifted_at ? (
                              `・${formatAdminDateTime(report.suspension.lifted_at)} 解除（${report.suspension.lifted_by_email || "—"}）：${report.suspension.lift_reason}`
                            ) : (
                              <>
                                {" "}
                                <Link to="/admin/accounts/suspensions" className="text-brand-700 underline">
                                  利用停止中のアカウントへ
                                </Link>
                              </>
                            )}
                          </span>
                        ),
                      },
                    ]
                  : []),
                ...(report.outcome_note
                  ? [
                      {
                        label: "伝えた理由",
                        value: <span className="whitespace-pre-wrap">{report.outcome_note}</span>,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        )}
      </div>
      <FlashMessage message={done ? REPORT_TEXTS.done : null} />
    </>
  );
}

function DecisionForm({ result, reportedName }: { result: ReportActionData | null; reportedName: string }) {
  const { fields, errors } = useSchemaForm(HandleReportSchema, { id: "decide", result });
  const outcomeOf = (data: FormData) => String(data.get("outcome") ?? "") as ReportOutcome;
  const step = useConfirmStep({
    id: "decide",
    error: errors.confirm,
    checkboxLabel: "アカウントを停止する場合：停止し、理由をメールで伝えることを確認しました",
    title: "このアカウントを停止しますか？",
    description: `${reportedName}はログインできなくなり、ログイン中の端末もすべてログアウトされます。次の理由がメールで届きます。`,
    confirmLabel: "停止する",
    when: (data) => STOPPING_OUTCOMES.includes(outcomeOf(data)),
    summary: (data) => {
      const days = String(data.get("days") ?? "");
      return [
        { label: "対応", value: REPORT_TEXTS.outcome[outcomeOf(data)] ?? "" },
        ...(outcomeOf(data) === "suspended"
          ? [{ label: "期間", value: days ? ACCOUNT_SUSPENSION_TEXTS.days(Number(days)) : "" }]
          : []),
        { label: "理由", value: String(data.get("note") ?? "").trim() },
      ];
    },
  });
  return (
    <Form method="post" className="space-y-4" noValidate onSubmit={step.onSubmit}>
      <FormErrorSummary
        errors={errors}
        idPrefix="decide"
        labels={{ outcome: "対応", days: "停止する期間", note: "理由", confirm: "確認" }}
      />
      <RadioGroup
        {...field(fields.outcome)}
        label="対応"
        options={REPORT_OUTCOMES.map((value) => ({ value, label: REPORT_TEXTS.action[value] }))}
      />
      <SelectInput
        {...field(fields.days)}
        required={undefined}
        label="停止する期間（期間を決めて停止するとき）"
        hint="期間が過ぎると、自動でログインできるようになります。"
        placeholder="選んでください"
        options={SUSPENSION_DAYS.map((days) => ({
          value: String(days),
          label: ACCOUNT_SUSPENSION_TEXTS.days(days),
        }))}
      />
      <TextareaInput
        {...field(fields.note)}
        required={undefined}
        label="理由（警告・停止のとき）"
        hint="通報された人へのメールにそのまま記載されます。"
        maxLength={REPORT_NOTE_MAX}
        rows={4}
      />
      {step.checkbox}
      <SubmitButton block={false} pendingLabel="処理中…">
        決定してメールを送る
      </SubmitButton>
      {step.dialog}
    </Form>
  );
}
