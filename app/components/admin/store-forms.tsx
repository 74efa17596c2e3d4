import { Form, Link } from "react-router";
import { formatAdminDateTime } from "~/domain/admin";
import {
  LiftSuspensionSchema,
  REASON_MAX,
  STAFF_LIMIT_MAX,
  STORE_ORDER_MAX,
  StaffLimitSchema,
  StoreOrderSchema,
  StorePlanSchema,
  StoreStatusSchema,
  SuspendStoreSchema,
} from "~/domain/admin-stores";
import { formatYen } from "~/domain/format";
import { STORE_SUSPENSION_SOURCE_LABELS } from "~/domain/store-suspension";
import { FormErrorSummary } from "../form/form-error-summary";
import { RadioGroup } from "../form/radio-group";
import { SelectInput } from "../form/select-input";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { TextareaInput } from "../form/textarea-input";
import { field, type ServerFormResult, useSchemaForm } from "../form/use-schema-form";
import { Card } from "../ui/kit";
import { ReasonForm } from "./reason-form";
import type { StoreDetail } from "./store-detail";

/**
 * The forms of the operator's page of one store (`/admin/stores/:id`, ADR 0033), each posting its
 * `intent` to the page; `result` is the action's answer when it was for that form.
 */

type FormResult = ServerFormResult | null;

const STATUS_OPTIONS = [
  { value: "public", label: "公開（検索結果や一覧に表示する）" },
  { value: "private", label: "非公開（表示しない）" },
];

/**
 * 掲載状態: the suspensions in force (the operator's can be lifted here, billing's only by a
 * payment), 公開 / 非公開 while none is, and 店舗を停止する while the operator's is not.
 */
export function StoreStatusCard({
  status,
  suspensions,
  results,
}: {
  status: StoreDetail["store"]["status"];
  suspensions: StoreDetail["suspensions"];
  results: { lift: FormResult; status: FormResult; suspend: FormResult };
}) {
  const deleted = status === "deleted";
  const active = suspensions.filter((s) => s.lifted_at === null);
  const operatorSuspension = active.find((s) => s.source === "operator");
  const otherSuspensions = active.filter((s) => s.source !== "operator");
  return (
    <Card
      title="掲載状態"
      id="status"
      lead="停止すると、店舗ページと在籍キャストが検索結果や一覧から直ちに消え、理由が店舗にメールで届きます。"
    >
      {deleted ? (
        <p className="text-slate-600 text-sm">この店舗は削除済みです。</p>
      ) : (
        <div className="space-y-5">
          {operatorSuspension ? <SuspensionNotice suspension={operatorSuspension} /> : null}
          {otherSuspensions.map((s) => (
            <div
              key={s.id}
              className="rounded-xl bg-amber-50 p-4 text-amber-900 text-sm ring-1 ring-amber-200"
            >
              <p className="font-bold">{STORE_SUSPENSION_SOURCE_LABELS[s.source]}</p>
              <p className="mt-1">
                {formatAdminDateTime(s.suspended_at)}
                から停止中です。お支払いが確認されると自動で解除されます（運営の画面からは解除できません）。
              </p>
            </div>
          ))}
          {operatorSuspension ? (
            <LiftForm result={results.lift} />
          ) : active.length === 0 ? (
            <StatusForm status={status} result={results.status} />
          ) : null}
          {operatorSuspension ? null : (
            <ReasonForm
              intent="suspend"
              schema={SuspendStoreSchema}
              result={results.suspend}
              summary="店舗を停止する"
              label="停止の理由"
              hint="店舗へのメールにそのまま記載されます。規約のどの点に反するか、何を直せば再開できるかを書いてください。"
              button="停止してメールを送る"
              pendingLabel="停止中…"
              tone="red"
              confirm={{
                checkboxLabel: "店舗を停止し、理由を店舗にメールで送ることを確認しました",
                title: "この店舗を停止しますか？",
                description:
                  "店舗ページと在籍キャストが検索結果や一覧から直ちに消え、次の理由が店舗にメールで届きます。",
                confirmLabel: "停止する",
              }}
            />
          )}
        </div>
      )}
    </Card>
  );
}

/** The plan (switched at once) and the limit of listed performers. */
export function PlanLimitCard({
  plans,
  planId,
  limitStaff,
  planResult,
  limitResult,
  deleted,
}: {
  plans: StoreDetail["plans"];
  planId: string | null;
  limitStaff: number;
  planResult: FormResult;
  limitResult: FormResult;
  deleted: boolean;
}) {
  return (
    <Card title="プランとキャスト上限" id="plan">
      <div className="grid gap-6 wide:grid-cols-2">
        <PlanForm plans={plans} current={planId} result={planResult} disabled={deleted} />
        <LimitForm current={limitStaff} result={limitResult} disabled={deleted} />
      </div>
    </Card>
  );
}

/** 掲載順: the store's place in the store list, with how many stores have one. */
export function OrderCard({
  current,
  rankedCount,
  result,
  disabled,
}: {
  current: number | null;
  rankedCount: number;
  result: FormResult;
  disabled: boolean;
}) {
  return (
    <Card
      title="掲載順"
      id="order"
      lead={
        <>
          数字が小さいほど店舗一覧の上に表示されます（空欄は順位なし：新しい順で後ろに並びます）。現在{" "}
          {rankedCount} 店舗に順位があります。
          <Link to="/admin/stores/ranking" className="ml-1 text-brand-700 underline">
            並べ替えの画面へ
          </Link>
        </>
      }
    >
      <OrderForm current={current} result={result} disabled={disabled} />
    </Card>
  );
}

function SuspensionNotice({
  suspension,
}: {
  suspension: { reason: string; suspended_at: Date; suspended_by_email: string };
}) {
  return (
    <div
      className="rounded-xl bg-red-50 p-4 text-red-900 text-sm ring-1 ring-red-200"
      data-testid="operator-suspension"
    >
      <p className="font-bold">運営により停止中</p>
      <p className="mt-1 text-xs">
        {formatAdminDateTime(suspension.suspended_at)}
        {suspension.suspended_by_email ? `・${suspension.suspended_by_email}` : ""}
      </p>
      <p className="mt-2 whitespace-pre-wrap break-all">理由：{suspension.reason}</p>
    </div>
  );
}

function StatusForm({ status, result }: { status: string; result: FormResult }) {
  const { fields, errors } = useSchemaForm(StoreStatusSchema, {
    id: "status",
    defaultValue: { status: status === "public" ? "public" : "private" },
    result,
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix="status" labels={{ status: "公開状態" }} />
      <input type="hidden" name="intent" value="status" />
      <RadioGroup {...field(fields.status)} label="公開状態" options={STATUS_OPTIONS} />
      <SubmitButton variant="secondary" block={false} pendingLabel="変更中…">
        公開状態を変更
      </SubmitButton>
    </Form>
  );
}

function LiftForm({ result }: { result: FormResult }) {
  const { fields, errors } = useSchemaForm(LiftSuspensionSchema, { id: "lift", result });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix="lift" labels={{ note: "店舗へのメッセージ" }} />
      <input type="hidden" name="intent" value="lift" />
      <TextareaInput
        {...field(fields.note)}
        label="店舗へのメッセージ（任意）"
        hint="解除のお知らせメールに記載されます。"
        maxLength={REASON_MAX}
        rows={3}
      />
      <SubmitButton block={false} pendingLabel="解除中…">
        停止を解除してメールを送る
      </SubmitButton>
    </Form>
  );
}

function PlanForm({
  plans,
  current,
  result,
  disabled,
}: {
  plans: readonly {
    id: string;
    name: string;
    monthly_price: number;
    limit_staff: number;
    is_active: boolean;
  }[];
  current: string | null;
  result: FormResult;
  disabled: boolean;
}) {
  const { fields, errors } = useSchemaForm(StorePlanSchema, {
    id: "plan",
    defaultValue: { plan_id: current ?? "" },
    result,
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix="plan" labels={{ plan_id: "プラン" }} />
      <input type="hidden" name="intent" value="plan" />
      <SelectInput
        {...field(fields.plan_id)}
        label="プラン"
        hint="今すぐ切り替わります（店舗自身の変更は次回の更新日からです）。"
        placeholder="選択してください"
        disabled={disabled}
        options={plans.map((p) => ({
          value: p.id,
          label: `${p.name}（${formatYen(p.monthly_price)}・${p.limit_staff}名まで）${p.is_active ? "" : "【受付終了】"}`,
        }))}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="apply_limit"
          value="1"
          defaultChecked
          className="size-5 accent-brand-600"
        />
        キャスト上限もプランに合わせる
      </label>
      <SubmitButton variant="secondary" block={false} pendingLabel="変更中…" disabled={disabled}>
        プランを変更
      </SubmitButton>
    </Form>
  );
}

function LimitForm({
  current,
  result,
  disabled,
}: {
  current: number;
  result: FormResult;
  disabled: boolean;
}) {
  const { fields, errors } = useSchemaForm(StaffLimitSchema, {
    id: "limit",
    defaultValue: { limit_staff: String(current) },
    result,
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix="limit" labels={{ limit_staff: "キャスト上限" }} />
      <input type="hidden" name="intent" value="limit" />
      <TextInput
        {...field(fields.limit_staff)}
        label="キャスト上限（名）"
        hint={`0〜${STAFF_LIMIT_MAX}。上限を下げても在籍中のキャストはそのままで、新しい登録だけができなくなります。`}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        inputClassName="max-w-32"
      />
      <SubmitButton variant="secondary" block={false} pendingLabel="変更中…" disabled={disabled}>
        上限を変更
      </SubmitButton>
    </Form>
  );
}

function OrderForm({
  current,
  result,
  disabled,
}: {
  current: number | null;
  result: FormResult;
  disabled: boolean;
}) {
  const { fields, errors } = useSchemaForm(StoreOrderSchema, {
    id: "order",
    defaultValue: { order: current === null ? "" : String(current) },
    result,
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix="order" labels={{ order: "掲載順" }} />
      <input type="hidden" name="intent" value="order" />
      <TextInput
        {...field(fields.order)}
        label="掲載順（位）"
        hint={`1〜${STORE_ORDER_MAX}。指定した位置に入り、それ以降の店舗は1つずつ下がります。空欄にすると順位を外します。`}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
        inputClassName="max-w-32"
      />
      <SubmitButton variant="secondary" block={false} pendingLabel="保存中…" disabled={disabled}>
        掲載順を保存
      </SubmitButton>
    </Form>
  );
}
