import { data, Link, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, parseForm, readFormData } from "~/.server/http/form";
import { liftAccountSuspension } from "~/.server/services/moderation/lift-account-suspension";
import { listAccountSuspensions } from "~/.server/services/moderation/list-account-suspensions";
import { listStoreSuspensions } from "~/.server/services/stores/list-store-suspensions";
import { FactList, FilterTabs } from "~/components/admin/admin-ui";
import { ReasonForm } from "~/components/admin/reason-form";
import { Badge, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import {
  ACCOUNT_SUSPENSION_TEXTS,
  LiftAccountSuspensionSchema,
  PAST_SUSPENSIONS_SHOWN,
} from "~/domain/account-suspensions";
import { formatAdminDateTime } from "~/domain/admin";
import { REPORT_TEXTS } from "~/domain/reports";
import { STORE_SUSPENSION_SOURCE_LABELS } from "~/domain/store-suspension";
import { pageTitle } from "~/site";
import type { Route } from "./+types/account-suspensions";

const PATH = "/admin/accounts/suspensions";
const DONE = { lifted: ACCOUNT_SUSPENSION_TEXTS.lifted } as const;

interface LiftActionData {
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

/**
 * `/admin/accounts/suspensions` (ADR 0033, ADR 0039): the blocks and suspensions that hold an
 * account now — who, which kind, why, since and until when, by whom, from which report — each
 * with its lift form (a reason, audited and mailed to the owner); `?status=past` shows the ones
 * lifted or ended. The suspended stores are listed beside them, each linking to the store's page
 * where its suspension is lifted (ADR 0053).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "past" ? "past" : "active";
  const items = await listAccountSuspensions({ db: context.db, actor, input: { status } });
  // Suspended stores beside the accounts (ADR 0053); each is lifted on its own page.
  const stores = await listStoreSuspensions({ db: context.db, actor, input: { status } });
  return {
    status,
    stores: stores.map((s) => ({
      id: s.id,
      store: s.store,
      source: s.source,
      reason: s.reason,
      suspended_at: s.suspended_at.toISOString(),
      suspended_by_email: s.suspended_by_email,
      lifted_at: s.lifted_at?.toISOString() ?? null,
      lifted_by_email: s.lifted_by_email,
      lift_note: s.lift_note,
    })),
    done: doneMessage(url.searchParams.get("done"), DONE),
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      state: item.state,
      account: {
        id: item.account.id,
        name: item.account.name,
        type: item.account.type,
        storeName: item.account.storeName ?? "",
      },
      reason: item.reason,
      suspended_at: item.suspended_at.toISOString(),
      suspended_by_email: item.suspended_by_email,
      ends_at: item.ends_at?.toISOString() ?? null,
      report: item.report,
      lifted_at: item.lifted_at?.toISOString() ?? null,
      lifted_by_email: item.lifted_by_email,
      lift_reason: item.lift_reason,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  if (form.get("intent") !== "lift")
    return data<LiftActionData>(
      { values: {}, errors: { [FORM_ERROR_KEY]: "操作を読み取れませんでした。もう一度お試しください" } },
      { status: 400 },
    );
  const parsed = await parseForm(form, LiftAccountSuspensionSchema);
  if (!parsed.ok)
    return data<LiftActionData>({ values: parsed.values, errors: parsed.errors }, { status: 400 });
  const result = await liftAccountSuspension({
    ...context,
    actor,
    input: { suspensionId: parsed.data.suspension_id, reason: parsed.data.reason },
  });
  if (!result.ok) {
    if (result.error === "not_found") throw new Response(null, { status: 404 });
    return data<LiftActionData>(
      { values: parsed.values, errors: { [FORM_ERROR_KEY]: ACCOUNT_SUSPENSION_TEXTS.notActive } },
      { status: 409 },
    );
  }
  return redirect(`${PATH}?done=lifted`);
}

export function meta() {
  return [
    { title: pageTitle(ACCOUNT_SUSPENSION_TEXTS.title) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

const accountLabel = (account: Item["account"]) =>
  account.type === "staff"
    ? `キャスト${account.storeName ? `・${account.storeName}` : ""}`
    : account.type === "listener"
      ? "ユーザー"
      : "不明";

export default function AdminAccountSuspensions({ loaderData, actionData }: Route.ComponentProps) {
  const { status, items, stores, done } = loaderData;
  const result = (actionData as LiftActionData | undefined) ?? null;
  const resultFor = (id: string) => (result?.values.suspension_id === id ? result : null);
  // A refusal that names no row of the list (it was lifted meanwhile and left the list).
  const orphanError =
    result?.errors._form && !items.some((item) => item.id === result.values.suspension_id)
      ? result.errors._form
      : null;
  return (
    <>
      <PageHeader
        title={ACCOUNT_SUSPENSION_TEXTS.title}
        lead="通報への対応で停止したアカウントと、掲載を停止している店舗です。期間停止は終了日時を過ぎると自動で解除されます。無期限停止は、ここで解除するまでログインできません。解除の理由はアカウントの持ち主（キャストの場合は店舗）にメールで届きます。店舗の停止は店舗のページで解除します。"
      />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          { to: `${PATH}?status=active`, label: "停止中", active: status === "active" },
          { to: `${PATH}?status=past`, label: "解除・終了済み", active: status === "past" },
        ]}
      />
      {orphanError ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {orphanError}
        </p>
      ) : null}
      <StoreSuspensions status={status} stores={stores} />
      <h2 className="mt-6 mb-3 font-bold text-lg">アカウント</h2>
      {items.length === 0 ? (
        <EmptyState title={status === "active" ? "停止中のアカウントはありません" : "記録はありません"} />
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li
              key={item.id}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="suspension-row"
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-bold">{item.account.name}</span>
                <span className="text-slate-500 text-xs">{accountLabel(item.account)}</span>
                <Badge tone={item.kind === "block" ? "red" : "amber"}>
                  {ACCOUNT_SUSPENSION_TEXTS.kind[item.kind]}
                </Badge>
                {item.state === "lifted" ? <Badge tone="gray">解除済み</Badge> : null}
                {item.state === "ended" ? <Badge tone="gray">期間終了</Badge> : null}
              </p>
              <div className="mt-2">
                <FactList
                  rows={[
                    {
                      label: "理由",
                      value: <span className="whitespace-pre-wrap break-all">{item.reason}</span>,
                    },
                    { label: "開始", value: formatAdminDateTime(item.suspended_at) },
                    {
                      label: "終了",
                      value: item.ends_at
                        ? `${formatAdminDateTime(item.ends_at)}まで`
                        : "解除するまで（無期限）",
                    },
                    { label: "担当", value: item.suspended_by_email || "—" },
                    {
                      label: "通報",
                      value: item.report ? (
                        <Link
                          to={`/admin/reports/${item.report.kind}/${item.report.id}`}
                          className="text-brand-700 underline"
                        >
                          {REPORT_TEXTS.kind[item.report.kind]}の通報を開く
                        </Link>
                      ) : (
                        "—"
                      ),
                    },
                    ...(item.lifted_at
                      ? [
                          {
                            label: "解除",
                            value: `${formatAdminDateTime(item.lifted_at)}（${item.lifted_by_email || "—"}）：${item.lift_reason}`,
                          },
                        ]
                      : []),
                    { label: "アカウントID", value: <code className="text-xs">{item.account.id}</code> },
                  ]}
                />
              </div>
              {item.state === "active" ? (
                <div className="mt-3">
                  <ReasonForm
                    intent="lift"
                    id={`lift-${item.id}`}
                    hidden={{ suspension_id: item.id }}
                    schema={LiftAccountSuspensionSchema}
                    result={resultFor(item.id)}
                    summary="停止を解除する"
                    label="解除の理由"
                    hint="アカウントの持ち主（キャストの場合は店舗）へのメールにそのまま記載されます。"
                    button="解除してメールを送る"
                    pendingLabel="解除中…"
                    tone="amber"
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {status === "past" && items.length >= PAST_SUSPENSIONS_SHOWN ? (
        <p className="mt-4 text-slate-500 text-sm">
          新しい順に{PAST_SUSPENSIONS_SHOWN}件まで表示しています。
        </p>
      ) : null}
      <FlashMessage message={done} />
    </>
  );
}

type StoreRow = Route.ComponentProps["loaderData"]["stores"][number];

/** The suspended stores (or, on the past tab, the lifted suspensions), each linking to its store. */
function StoreSuspensions({ status, stores }: { status: string; stores: readonly StoreRow[] }) {
  return (
    <section aria-labelledby="suspended-stores" className="mb-2">
      <h2 id="suspended-stores" className="mb-3 font-bold text-lg">
        店舗
      </h2>
      {stores.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-500 text-sm shadow-sm ring-1 ring-slate-200">
          {status === "active" ? "停止中の店舗はありません。" : "解除済みの店舗の停止はありません。"}
        </p>
      ) : (
        <ul className="space-y-3">
          {stores.map((row) => (
            <li
              key={row.id}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="store-suspension-row"
              data-store-id={row.store.id}
            >
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/stores/${row.store.id}`}
                  className="break-all font-bold text-brand-700 underline"
                >
                  {row.store.name || "（店舗名未設定）"}
                </Link>
                <Badge tone={row.source === "operator" ? "red" : "amber"}>
                  {STORE_SUSPENSION_SOURCE_LABELS[row.source]}
                </Badge>
                {row.lifted_at ? <Badge tone="gray">解除済み</Badge> : null}
              </p>
              <div className="mt-2">
                <FactList
                  rows={[
                    {
                      label: "理由",
                      value: <span className="whitespace-pre-wrap break-all">{row.reason || "—"}</span>,
                    },
                    { label: "開始", value: formatAdminDateTime(row.suspended_at) },
                    {
                      label: "担当",
                      value:
                        row.source === "billing" ? "自動（お支払いの未完了）" : row.suspended_by_email || "—",
                    },
                    ...(row.lifted_at
                      ? [
                          {
                            label: "解除",
                            value: `${formatAdminDateTime(row.lifted_at)}（${row.lifted_by_email === "billing" ? "お支払いの確認" : row.lifted_by_email || "—"}）${row.lift_note && row.source === "operator" ? `：${row.lift_note}` : ""}`,
                          },
                        ]
                      : []),
                  ]}
                />
              </div>
              {row.lifted_at ? null : (
                <p className="mt-3 text-sm">
                  <Link to={`/admin/stores/${row.store.id}#status`} className="text-brand-700 underline">
                    {row.source === "operator"
                      ? "店舗のページで停止を解除する"
                      : "店舗のページを開く（お支払いが確認されると自動で解除されます）"}
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
