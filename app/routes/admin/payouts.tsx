import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, parseForm, readFormData } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { approvePayout } from "~/.server/services/payouts/approve-payout";
import { exportPayouts } from "~/.server/services/payouts/export-payouts";
import { listPayoutsForOperator } from "~/.server/services/payouts/list-payouts-for-operator";
import { markPayoutPaid } from "~/.server/services/payouts/mark-payout-paid";
import { rejectPayout } from "~/.server/services/payouts/reject-payout";
import { currentZenginConsignor } from "~/.server/services/payouts/zengin-consignor";
import { FilterTabs } from "~/components/admin/admin-ui";
import { useConfirmStep } from "~/components/admin/confirm-step";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, isRecordId } from "~/domain/admin";
import {
  ExportPayoutsSchema,
  PAYOUT_DONE,
  PAYOUT_MESSAGES,
  PAYOUT_REASON_MAX,
  PAYOUT_STATUS_FILTERS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUS_TONES,
  parsePayoutStatusFilter,
  RejectPayoutSchema,
  transferDateRefusal,
} from "~/domain/admin-payouts";
import { bankAccountLine } from "~/domain/bank-account";
import { formatYen } from "~/domain/money";
import {
  TRANSFER_ACCOUNT_LABELS,
  TRANSFER_ACCOUNT_TEXTS,
  transferAccountSummary,
} from "~/domain/transfer-account";
import { pageTitle } from "~/site";
import type { Route } from "./+types/payouts";

type Intent = "approve" | "reject" | "paid" | "export";

interface PayoutActionData {
  intent: Intent | "";
  requestId: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

const tokyoDay = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const status = parsePayoutStatusFilter(url.searchParams.get("status"));
  const list = await listPayoutsForOperator({ db: context.db, actor, input: { status } });
  const account = await currentZenginConsignor(context.db);
  const now = new Date();
  return {
    status,
    rows: list.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    counts: list.counts,
    batches: list.batches.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    transfer: {
      source: account.source,
      missing: account.missing.map((key) => TRANSFER_ACCOUNT_LABELS[key]),
      summary: account.source === "none" ? null : transferAccountSummary(account.consignor),
    },
    batchKey: randomUUID(),
    tomorrow: tokyoDay(new Date(now.getTime() + 86_400_000)),
    done: doneMessage(url.searchParams.get("done"), PAYOUT_DONE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const requestId = String(form.get("request_id") ?? "");
  const back = String(form.get("status") ?? "pending");
  type Refused = ReturnType<typeof data<PayoutActionData>>;
  type Reply = Response | Refused;
  const done = (key: keyof typeof PAYOUT_DONE, status = back) =>
    redirect(`/admin/payouts?status=${parsePayoutStatusFilter(status)}&done=${key}`);
  const answer = (
    intent: string,
    values: Record<string, unknown>,
    errors: PayoutActionData["errors"],
    status = 400,
  ) =>
    data<PayoutActionData>(
      { intent: intent as Intent, requestId: intent === "export" ? "" : requestId, values, errors },
      { status },
    );
  const refuse = (context: IntentContext<Refused>, message: string, status = 409) =>
    context.refuse({ [FORM_ERROR_KEY]: message }, status);
  /** A step on one request: its id must be a record id; the service's refusal is said above the row. */
  const step = <S extends z.ZodType>(
    schema: S | undefined,
    run: (input: z.output<S>) => Promise<{ ok: true } | { ok: false; error: string }>,
    key: keyof typeof PAYOUT_DONE,
  ) =>
    intent<z.ZodType, Reply, Refused>({
      ...(schema ? { schema } : {}),
      run: async (input, context) => {
        if (!isRecordId(requestId)) return refuse(context, PAYOUT_MESSAGES.invalid_key, 400);
        const result = await run(input as z.output<S>);
        if (result.ok) return done(key);
        if (result.error === "not_found") throw data(null, { status: 404 });
        return refuse(
          context,
          result.error === "idempotency_conflict"
            ? PAYOUT_MESSAGES.key_reused
            : (PAYOUT_MESSAGES[result.error as "not_pending" | "not_payable"] ?? PAYOUT_MESSAGES.not_pending),
        );
      },
    });
  return dispatchIntent(
    form,
    {
      approve: step(undefined, () => approvePayout({ ...context, actor, input: { requestId } }), "approved"),
      reject: step(
        RejectPayoutSchema,
        ({ reason }) => rejectPayout({ ...context, actor, input: { requestId, reason } }),
        "rejected",
      ),
      paid: step(undefined, () => markPayoutPaid({ ...context, actor, input: { requestId } }), "paid"),
      export: intent<z.ZodType, Reply, Refused>({
        run: async (_none, intentContext) => {
          const batchId = String(form.get("batch_id") ?? "");
          if (!isRecordId(batchId)) return refuse(intentContext, PAYOUT_MESSAGES.invalid_key, 400);
          const parsed = await parseForm(form, ExportPayoutsSchema);
          if (!parsed.ok) return answer("export", parsed.values, parsed.errors);
          const tooEarly = transferDateRefusal(parsed.data.transfer_date, tokyoDay(new Date()));
          if (tooEarly) return answer("export", parsed.values, { transfer_date: tooEarly });
          // Whichever account applies (ADR 0053): the ZENGIN_* variables, else the saved one.
          const account = await currentZenginConsignor(context.db);
          const result = await exportPayouts({
            db: context.db,
            actor,
            input: {
              batchId,
              transferDate: parsed.data.transfer_date,
              consignor: account.consignor,
              consignorMissing: account.missing,
            },
          });
          return result.ok
            ? done("exported", "exported")
            : answer("export", parsed.values, { [FORM_ERROR_KEY]: result.message }, 409);
        },
      }),
    },
    { unknown: "操作を読み取れませんでした。もう一度お試しください", refusal: answer },
  );
}

export function meta() {
  return [{ title: pageTitle("出金申請") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { status, rows, counts, batches, transfer, batchKey, tomorrow, done } = loaderData;
  const result = actionData as PayoutActionData | undefined;
  const approvedCount = counts.approved ?? 0;
  return (
    <>
      <PageHeader
        title="出金申請"
        lead="店舗の出金申請を確認して承認または却下し、承認した申請を全銀形式の振込データにして銀行に登録します。振込が済んだら「振込済みにする」を押してください。"
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={PAYOUT_STATUS_FILTERS.map((s) => ({
          to: `/admin/payouts?status=${s}`,
          label: PAYOUT_STATUS_LABELS[s],
          active: status === s,
          count: s === "all" ? undefined : (counts[s] ?? 0),
        }))}
      />
      {status === "approved" || approvedCount > 0 ? (
        <div className="mb-4">
          <ExportCard
            approvedCount={approvedCount}
            missing={transfer.missing}
            batchKey={batchKey}
            tomorrow={tomorrow}
            result={result?.intent === "export" ? result : null}
          />
        </div>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title={`${PAYOUT_STATUS_LABELS[status]}の出金申請はありません`} />
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((row) => (
            <PayoutCard
              key={row.request_id}
              row={row}
              back={status}
              result={result?.requestId === row.request_id ? result : null}
            />
          ))}
        </ul>
      )}
      <div className="mt-5 space-y-5">
        <Card title="作成した振込データ" id="batches">
          {batches.length === 0 ? (
            <p className="text-slate-600 text-sm">まだ作成していません。</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="payout-batches">
              {batches.map((b) => (
                <li
                  key={b.batch_id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <span>
                    振込日 {b.transfer_date}・{b.count}件・{formatYen(b.total_yen)}
                    <span className="block text-slate-500 text-xs">
                      作成 {formatAdminDateTime(b.created_at)}
                    </span>
                  </span>
                  <Link
                    reloadDocument
                    to={`/admin/payout-batches/${b.batch_id}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-bold text-sm hover:bg-slate-50"
                  >
                    ダウンロード
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <ConsignorCard transfer={transfer} />
      </div>
      <FlashMessage message={done} tone="success" />
    </>
  );
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function PayoutCard({ row, back, result }: { row: Row; back: string; result: PayoutActionData | null }) {
  const account = row.bank_account;
  const tone = PAYOUT_STATUS_TONES[row.status as keyof typeof PAYOUT_STATUS_TONES] ?? "gray";
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="payout-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <Link to={`/admin/stores/${row.liver_id}`} className="break-all font-bold text-brand-700 underline">
            {row.store_name || "（店舗名未設定）"}
          </Link>
          <p className="text-slate-500 text-xs">
            申請 {formatAdminDateTime(row.created_at)}・{row.is_individual ? "個人" : "法人"}
          </p>
        </div>
        <Badge tone={tone}>
          {PAYOUT_STATUS_LABELS[row.status as keyof typeof PAYOUT_STATUS_LABELS] ?? row.status}
        </Badge>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Amount label="申請額" value={formatYen(row.gross_yen)} />
        <Amount label="振込手数料" value={`−${formatYen(row.fee_yen)}`} />
        <Amount label="源泉徴収" value={`−${formatYen(row.withholding_yen)}`} />
        <Amount label="振込額" value={formatYen(row.net_yen)} strong testId="payout-net" />
      </dl>
      <p className="mt-3 rounded-lg bg-slate-50 p-2 text-slate-700 text-xs" data-testid="payout-account">
        振込先：{bankAccountLine(account)}
      </p>
      {row.changed_account ? (
        <p
          className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900 text-xs"
          data-testid="payout-account-changed"
        >
          店舗の現在の振込口座は申請時と異なります（{bankAccountLine(row.changed_account)}
          ）。振込データは申請時の口座で作成されます。現在の口座に振り込む場合は却下し、再申請を依頼してください。
        </p>
      ) : null}
      {row.reason ? (
        <p className="mt-2 break-words rounded-lg bg-red-50 p-2 text-red-800 text-xs">
          却下の理由：{row.reason}
        </p>
      ) : null}
      {result?.errors._form ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-red-800 text-sm">
          {result.errors._form}
        </p>
      ) : null}
      {row.status === "pending" ? (
        <div className="mt-3 space-y-3">
          <Form method="post">
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="request_id" value={row.request_id} />
            <input type="hidden" name="status" value={back} />
            <SubmitButton block={false} pendingLabel="承認中…">
              承認する
            </SubmitButton>
          </Form>
          <RejectForm
            requestId={row.request_id}
            storeName={row.store_name}
            back={back}
            result={result?.intent === "reject" ? result : null}
          />
        </div>
      ) : row.status === "exported" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="paid" />
          <input type="hidden" name="request_id" value={row.request_id} />
          <input type="hidden" name="status" value={back} />
          <SubmitButton variant="secondary" block={false} pendingLabel="更新中…">
            振込済みにする
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}

function Amount({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className={strong ? "font-bold" : undefined} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function RejectForm({
  requestId,
  storeName,
  back,
  result,
}: {
  requestId: string;
  storeName: string;
  back: string;
  result: PayoutActionData | null;
}) {
  const id = `reject-${requestId.slice(0, 8)}`;
  const { fields, errors } = useSchemaForm(RejectPayoutSchema, { id, result });
  const step = useConfirmStep({
    id,
    error: errors.confirm,
    checkboxLabel: "この申請を却下し、ポイントを店舗に戻すことを確認しました",
    title: "この出金申請を却下しますか？",
    description: `${storeName || "店舗"}の申請を却下し、申請したポイントを店舗に戻します。次の理由が店舗にメールで届きます。`,
    confirmLabel: "却下する",
    summary: (data) => [{ label: "却下の理由", value: String(data.get("reason") ?? "").trim() }],
  });
  return (
    <details className="group rounded-xl ring-1 ring-red-200" open={result ? true : undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl px-4 py-2 font-bold text-red-800 text-sm hover:bg-red-50">
        却下する
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form method="post" className="space-y-3 px-4 pt-2 pb-4" noValidate onSubmit={step.onSubmit}>
        <FormErrorSummary errors={errors} idPrefix={id} labels={{ reason: "却下の理由", confirm: "確認" }} />
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="request_id" value={requestId} />
        <input type="hidden" name="status" value={back} />
        <TextareaInput
          {...field(fields.reason)}
          label="却下の理由"
          hint="店舗へのメールにそのまま記載されます。申請したポイントは店舗に戻ります。"
          maxLength={PAYOUT_REASON_MAX}
          rows={3}
        />
        {step.checkbox}
        <SubmitButton block={false} pendingLabel="却下中…" className="bg-red-700! hover:bg-red-800!">
          却下してポイントを戻す
        </SubmitButton>
        {step.dialog}
      </Form>
    </details>
  );
}

function ExportCard({
  approvedCount,
  missing,
  batchKey,
  tomorrow,
  result,
}: {
  approvedCount: number;
  missing: string[];
  batchKey: string;
  tomorrow: string;
  result: PayoutActionData | null;
}) {
  const { fields, errors } = useSchemaForm(ExportPayoutsSchema, {
    id: "export",
    result,
    defaultValue: { transfer_date: tomorrow },
  });
  return (
    <Card
      title="振込データ（全銀形式）を作成する"
      id="export"
      lead={`承認済みの申請 ${approvedCount}件を1つの振込データ（総合振込・Shift_JIS）にまとめ、「振込データ作成済み」にします。作成したデータは下の一覧から何度でも同じ内容でダウンロードできます。`}
    >
      {missing.length > 0 ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-3 text-amber-900 text-sm"
          data-testid="consignor-missing"
        >
          {PAYOUT_MESSAGES.consignor_missing}
        </p>
      ) : (
        <Form method="post" className="space-y-3" noValidate>
          <FormErrorSummary errors={errors} idPrefix="export" labels={{ transfer_date: "振込日" }} />
          <input type="hidden" name="intent" value="export" />
          <input type="hidden" name="batch_id" value={batchKey} />
          <TextInput {...field(fields.transfer_date)} type="date" label="振込日（取組日）" />
          <SubmitButton block={false} pendingLabel="作成中…" disabled={approvedCount === 0}>
            振込データを作成する
          </SubmitButton>
        </Form>
      )}
    </Card>
  );
}

function ConsignorCard({ transfer }: { transfer: Route.ComponentProps["loaderData"]["transfer"] }) {
  return (
    <Card
      title="振込元口座"
      id="consignor"
      lead={
        transfer.source === "env"
          ? "サーバーの環境変数 ZENGIN_* の口座が使われます。"
          : transfer.source === "stored"
            ? "運営の設定画面で保存した口座が使われます。"
            : TRANSFER_ACCOUNT_TEXTS.none
      }
      actions={
        <Link
          to="/admin/settings/transfer"
          className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
        >
          {transfer.source === "env" ? "設定を見る" : transfer.source === "stored" ? "変更する" : "設定する"}
        </Link>
      }
    >
      {transfer.summary ? (
        <p className="text-sm" data-testid="consignor-summary">
          {transfer.summary}
        </p>
      ) : null}
      {transfer.missing.length > 0 ? (
        <p className="mt-2 text-red-800 text-sm" data-testid="consignor-missing-fields">
          足りない・正しくない項目：{transfer.missing.join("、")}
        </p>
      ) : null}
    </Card>
  );
}
