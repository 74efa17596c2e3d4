import { Form, Link, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, readFormData } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { changeStorePlan } from "~/.server/services/stores/change-store-plan";
import { getStoreDetail } from "~/.server/services/stores/get-store-detail";
import { liftStoreSuspension } from "~/.server/services/stores/lift-store-suspension";
import { markStoreReviewed } from "~/.server/services/stores/mark-store-reviewed";
import { rankStore } from "~/.server/services/stores/rank-store";
import { setStoreStaffLimit } from "~/.server/services/stores/set-store-staff-limit";
import { setStoreStatus } from "~/.server/services/stores/set-store-status";
import { suspendStore } from "~/.server/services/stores/suspend-store";
import { FactList, HistoryCards, StaffStateBadge, StoreStatusBadge } from "~/components/admin/admin-ui";
import { ReasonForm } from "~/components/admin/reason-form";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SelectInput } from "~/components/form/select-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import {
  isAccountId,
  LiftSuspensionSchema,
  REASON_MAX,
  STAFF_LIMIT_MAX,
  STORE_DONE,
  STORE_MESSAGES,
  STORE_ORDER_MAX,
  StaffLimitSchema,
  StoreOrderSchema,
  StorePlanSchema,
  StoreStatusSchema,
  SuspendStoreSchema,
} from "~/domain/admin-stores";
import { formatNumber, formatYen } from "~/domain/format";
import { STORE_TYPES } from "~/domain/options";
import { STORE_SUSPENSION_SOURCE_LABELS } from "~/domain/store-suspension";
import { pageTitle } from "~/site";
import type { Route } from "./+types/store";

type Intent = "suspend" | "lift" | "status" | "plan" | "limit" | "order" | "review";

interface StoreActionData {
  intent: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

function storeIdOf(params: { id?: string }): string {
  if (!isAccountId(params.id)) throw new Response(null, { status: 404 });
  return params.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const liverId = storeIdOf(params);
  const detail = await getStoreDetail({ db: context.db, actor, input: { liverId } });
  if (!detail) throw new Response(null, { status: 404 });
  return { ...detail, done: doneMessage(new URL(request.url).searchParams.get("done"), STORE_DONE) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const liverId = storeIdOf(params);
  const form = (await readFormData(request)) ?? new FormData();
  const back = (done: keyof typeof STORE_DONE) => redirect(`/admin/stores/${liverId}?done=${done}`);
  const db = context.db;
  const failure = (error: string, refuse: IntentContext["refuse"]) => {
    if (error === "not_found") throw new Response(null, { status: 404 });
    const message = STORE_MESSAGES[error as keyof typeof STORE_MESSAGES] ?? STORE_MESSAGES.not_found;
    return refuse({ [FORM_ERROR_KEY]: message }, 409);
  };
  const answer = await dispatchIntent(form, {
    suspend: intent({
      schema: SuspendStoreSchema,
      run: async ({ reason }, { refuse }) => {
        const result = await suspendStore({ ...context, actor, input: { liverId, reason } });
        return result.ok ? back("suspended") : failure(result.error, refuse);
      },
    }),
    lift: intent({
      schema: LiftSuspensionSchema,
      run: async ({ note }, { refuse }) => {
        const result = await liftStoreSuspension({ ...context, actor, input: { liverId, note } });
        return result.ok ? back("lifted") : failure(result.error, refuse);
      },
    }),
    status: intent({
      schema: StoreStatusSchema,
      run: async ({ status }, { refuse }) => {
        const result = await setStoreStatus({ db, actor, input: { liverId, status } });
        return result.ok ? back("status") : failure(result.error, refuse);
      },
    }),
    plan: intent({
      schema: StorePlanSchema.omit({ apply_limit: true }),
      run: async ({ plan_id }, { form, refuse }) => {
        const applyLimit = form.get("apply_limit") === "1";
        const result = await changeStorePlan({ db, actor, input: { liverId, planId: plan_id, applyLimit } });
        return result.ok ? back("plan") : failure(result.error, refuse);
      },
    }),
    limit: intent({
      schema: StaffLimitSchema,
      run: async ({ limit_staff }, { refuse }) => {
        const result = await setStoreStaffLimit({ db, actor, input: { liverId, limit: limit_staff } });
        return result.ok ? back("limit") : failure(result.error, refuse);
      },
    }),
    order: intent({
      schema: StoreOrderSchema,
      run: async ({ order }, { refuse }) => {
        const result = await rankStore({ db, actor, input: { liverId, position: order ?? null } });
        return result.ok ? back("order") : failure(result.error, refuse);
      },
    }),
    review: intent({
      run: async (_none, { refuse }) => {
        const result = await markStoreReviewed({ db, actor, input: { liverId } });
        return result.ok ? back("reviewed") : failure(result.error, refuse);
      },
    }),
  });
  return answer;
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.store.store_name || "店舗";
  return [{ title: pageTitle(`${name}（店舗）`) }, { name: "robots", content: "noindex, nofollow" }];
}

const STATUS_OPTIONS = [
  { value: "public", label: "公開（検索結果や一覧に表示する）" },
  { value: "private", label: "非公開（表示しない）" },
];

export default function AdminStore({ loaderData, actionData }: Route.ComponentProps) {
  const { store, plans, staff, suspensions, rankedCount, logs, audit, done } = loaderData;
  const result = actionData as StoreActionData | undefined;
  const resultFor = (intent: Intent) => (result?.intent === intent ? result : null);
  const active = suspensions.filter((s) => s.lifted_at === null);
  const operatorSuspension = active.find((s) => s.source === "operator");
  const otherSuspensions = active.filter((s) => s.source !== "operator");
  const plan = plans.find((p) => p.id === store.plan_id);
  const newPlan = plans.find((p) => p.id === store.new_plan_id);
  const publicPath = `/listener/liver/${store.uid}`;
  const listedStaff = staff.filter((s) => s.status === "public");
  const deleted = store.status === "deleted";

  return (
    <>
      <PageHeader
        title={store.store_name || "（店舗名未設定）"}
        back={{ to: "/admin/stores", label: "店舗の一覧へ" }}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <span data-testid="store-status">
              <StoreStatusBadge status={store.status} />
            </span>
            {store.review ? null : <Badge tone="amber">未確認</Badge>}
            <span className="break-all">{store.email}</span>
          </span>
        }
        actions={
          store.status === "public" ? (
            <a
              href={publicPath}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1 rounded-full border border-slate-300 bg-white px-5 font-bold text-sm hover:bg-slate-50"
            >
              公開ページを開く
              <span aria-hidden="true">↗</span>
              <span className="sr-only">（新しいタブ）</span>
            </a>
          ) : null
        }
      />
      {resultFor("review")?.errors._form ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {resultFor("review")?.errors._form}
        </p>
      ) : null}
      <div className="space-y-5">
        <Card
          title="概要"
          actions={
            store.review ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="review" />
                <SubmitButton variant="secondary" block={false} pendingLabel="更新中…">
                  確認済みにする
                </SubmitButton>
              </Form>
            )
          }
        >
          <FactList
            testId="store-facts"
            rows={[
              { label: "店舗ID", value: <code className="text-xs">{store.uid}</code> },
              {
                label: "業種",
                value: STORE_TYPES.find((t) => t.value === store.store_type)?.label ?? store.store_type,
              },
              { label: "エリア", value: store.area_label || "未設定" },
              { label: "電話番号", value: store.phone_number || "未設定" },
              { label: "区分", value: store.is_individual ? "個人" : "法人" },
              {
                label: "プラン",
                value: (
                  <>
                    {plan ? plan.name : "なし"}
                    {newPlan ? <span className="text-slate-500">（来月から {newPlan.name}）</span> : null}
                  </>
                ),
              },
              { label: "キャスト", value: `${listedStaff.length} / ${store.limit_staff}名` },
              { label: "フォロワー", value: formatNumber(store.follower_number) },
              { label: "掲載順", value: store.order === null ? "なし" : `${store.order}位` },
              {
                label: "最終ログイン",
                value: store.last_login_at ? formatAdminDateTime(store.last_login_at) : "記録なし",
              },
              { label: "登録日時", value: formatAdminDateTime(store.created_at) },
              {
                label: "掲載内容の確認",
                value: store.review
                  ? `確認済み（${formatAdminDateTime(store.review.at)}${store.review.by ? `・${store.review.by}` : ""}）`
                  : "未確認",
              },
            ]}
          />
        </Card>

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
                <LiftForm result={resultFor("lift")} />
              ) : active.length === 0 ? (
                <StatusForm status={store.status} result={resultFor("status")} />
              ) : null}
              {operatorSuspension ? null : (
                <ReasonForm
                  intent="suspend"
                  schema={SuspendStoreSchema}
                  result={resultFor("suspend")}
                  summary="店舗を停止する"
                  label="停止の理由"
                  hint="店舗へのメールにそのまま記載されます。規約のどの点に反するか、何を直せば再開できるかを書いてください。"
                  button="停止してメールを送る"
                  pendingLabel="停止中…"
                  tone="red"
                />
              )}
            </div>
          )}
        </Card>

        <Card title="プランとキャスト上限" id="plan">
          <div className="grid gap-6 wide:grid-cols-2">
            <PlanForm plans={plans} current={store.plan_id} result={resultFor("plan")} disabled={deleted} />
            <LimitForm current={store.limit_staff} result={resultFor("limit")} disabled={deleted} />
          </div>
        </Card>

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
          <OrderForm current={store.order} result={resultFor("order")} disabled={deleted} />
        </Card>

        <Card title={`キャスト（${listedStaff.length}名在籍）`} id="staff">
          {staff.length === 0 ? (
            <EmptyState title="キャストはいません" />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="store-staff">
              {staff.map((member) => (
                <li key={member.uid}>
                  <Link
                    to={`/admin/staff/${member.uid}`}
                    className="flex min-h-12 flex-wrap items-center gap-2 py-2 hover:bg-slate-50"
                  >
                    <span className="font-bold">{member.name || "（名前未設定）"}</span>
                    <StaffStateBadge staff={member} />
                    <span className="text-slate-500 text-xs">
                      {member.login_id ? `ID: ${member.login_id}` : ""}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title="停止の履歴" id="suspensions">
          {suspensions.length === 0 ? (
            <p className="text-slate-500 text-sm">停止されたことはありません。</p>
          ) : (
            <ol className="space-y-2" data-testid="suspension-history">
              {suspensions.map((s) => (
                <li key={s.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="font-bold">
                    {STORE_SUSPENSION_SOURCE_LABELS[s.source]}
                    {s.lifted_at ? null : (
                      <span className="ml-2">
                        <Badge tone="red">停止中</Badge>
                      </span>
                    )}
                  </p>
                  <p className="text-slate-500 text-xs">
                    {formatAdminDateTime(s.suspended_at)} 停止
                    {s.suspended_by_email ? `（${s.suspended_by_email}）` : ""}
                    {s.lifted_at
                      ? ` → ${formatAdminDateTime(s.lifted_at)} 解除${s.lifted_by_email ? `（${s.lifted_by_email}）` : ""}`
                      : ""}
                  </p>
                  {s.reason ? <p className="mt-1 whitespace-pre-wrap break-all">理由：{s.reason}</p> : null}
                  {s.lift_note ? (
                    <p className="mt-1 whitespace-pre-wrap break-all">解除時のメッセージ：{s.lift_note}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </Card>

        <HistoryCards
          logs={logs}
          audit={audit}
          logsLead="店舗管理画面に表示される記録です（新しい順に50件）。"
          auditLead="この店舗と在籍キャストについての操作ログです。"
        />
      </div>
      <FlashMessage message={done} />
    </>
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

type FormResult = StoreActionData | null;

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
