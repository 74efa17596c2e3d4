import { Form, Link } from "react-router";
import type { getStoreDetail } from "~/.server/services/stores/get-store-detail";
import { formatAdminDateTime } from "~/domain/admin";
import { formatNumber } from "~/domain/format";
import { STORE_TYPES } from "~/domain/options";
import { STORE_SUSPENSION_SOURCE_LABELS } from "~/domain/store-suspension";
import { SubmitButton } from "../form/submit-button";
import { Badge, Card, EmptyState, PageHeader } from "../ui/kit";
import { FactList, StaffStateBadge, StoreStatusBadge } from "./admin-ui";

/**
 * What the operator's page of one store (`/admin/stores/:id`, ADR 0033) shows about it: the
 * header, the facts, the performers and the suspensions it had. Its forms are store-forms.tsx.
 */

/** One store as getStoreDetail answers it. */
export type StoreDetail = NonNullable<Awaited<ReturnType<typeof getStoreDetail>>>;

/** The store's name, status and address; a link to its public page while it is listed. */
export function StoreHeader({ store }: { store: StoreDetail["store"] }) {
  const publicPath = `/listener/liver/${store.uid}`;
  return (
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
  );
}

/** 概要: the store's facts, and 確認済みにする until an operator has looked at its listing. */
export function StoreOverviewCard({
  store,
  plans,
  listedCount,
}: {
  store: StoreDetail["store"];
  plans: StoreDetail["plans"];
  /** Its performers who are listed (not deleted). */
  listedCount: number;
}) {
  const plan = plans.find((p) => p.id === store.plan_id);
  const newPlan = plans.find((p) => p.id === store.new_plan_id);
  return (
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
          { label: "キャスト", value: `${listedCount} / ${store.limit_staff}名` },
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
  );
}

/** The store's performers (deleted ones too), each leading to her page in the console. */
export function StoreStaffCard({ staff, listedCount }: { staff: StoreDetail["staff"]; listedCount: number }) {
  return (
    <Card title={`キャスト（${listedCount}名在籍）`} id="staff">
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
  );
}

/** Every suspension the store had, the operator's and billing's, with who lifted it and why. */
export function SuspensionHistoryCard({ suspensions }: { suspensions: StoreDetail["suspensions"] }) {
  return (
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
  );
}
