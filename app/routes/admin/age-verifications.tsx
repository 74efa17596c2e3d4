import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { listAgeVerifications } from "~/.server/services/age-verification/list-age-verifications";
import { FilterTabs } from "~/components/admin/admin-ui";
import { Badge, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import { AGE_DOCUMENT_LABELS, AGE_VERIFICATION_STATE_LABELS } from "~/domain/age-verification";
import { pageTitle } from "~/site";
import type { Route } from "./+types/age-verifications";

const PATH = "/admin/age-verifications";
const DONE = { verified: "年齢確認を承認しました", rejected: "年齢確認を却下しました" } as const;

/**
 * `/admin/age-verifications` (ADR 0055): the documents waiting for an operator, oldest first, or
 * `?status=decided` for the latest decisions. Each opens its page with the picture.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "decided" ? "decided" : "pending";
  const items = await listAgeVerifications({ db: context.db, actor, input: { status } });
  return {
    status,
    done: doneMessage(url.searchParams.get("done"), DONE),
    items: items.map((item) => ({
      ...item,
      createdAt: item.createdAt.toISOString(),
      decidedAt: item.decidedAt?.toISOString() ?? null,
    })),
  };
}

export function meta() {
  return [{ title: pageTitle("年齢確認") }, { name: "robots", content: "noindex, nofollow" }];
}

const TONES = { pending: "brand", verified: "green", rejected: "red" } as const;

export default function AdminAgeVerifications({ loaderData }: Route.ComponentProps) {
  const { status, items, done } = loaderData;
  return (
    <>
      <PageHeader
        title="年齢確認"
        lead="リスナーが送った本人確認書類を確認し、生年月日を入力して承認するか、理由を添えて却下します。書類の画像は判定から30日後に自動で削除されます。画像の閲覧はすべて操作ログに記録されます。"
      />
      <FlashMessage message={done} />
      <FilterTabs
        label="状態で絞り込む"
        tabs={[
          { to: `${PATH}?status=pending`, label: "確認待ち", active: status === "pending" },
          { to: `${PATH}?status=decided`, label: "判定済み", active: status === "decided" },
        ]}
      />
      {items.length === 0 ? (
        <EmptyState title={status === "pending" ? "確認待ちの書類はありません" : "判定の記録はありません"} />
      ) : (
        <ul className="space-y-3" data-testid="age-verification-queue">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`${PATH}/${item.id}`}
                className="flex min-h-11 flex-wrap items-center gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
              >
                <span className="font-bold">{item.nickname || "（ニックネーム未設定）"}</span>
                <span className="text-slate-500 text-xs">{item.email}</span>
                <Badge tone={TONES[item.status]}>{AGE_VERIFICATION_STATE_LABELS[item.status]}</Badge>
                <span className="text-slate-600 text-xs">
                  {item.method === "card"
                    ? "クレジットカード決済"
                    : item.documentKind
                      ? AGE_DOCUMENT_LABELS[item.documentKind]
                      : ""}
                  ・受付 {formatAdminDateTime(item.createdAt)}
                  {item.decidedAt ? `・判定 ${formatAdminDateTime(item.decidedAt)}` : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
