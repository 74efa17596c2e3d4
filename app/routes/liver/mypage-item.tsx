import { requireViewer } from "~/.server/auth/viewer";
import { listReceivedItems } from "~/.server/services/ledger/list-received-items";
import { ReceivedGifts } from "~/components/mypage/received-gifts";
import { ButtonLink, Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { formatPoints } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-item";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const page = await listReceivedItems({ db: context.db, actor: viewer });
  if (!page) throw new Response(null, { status: 403 });
  return page;
}

export function meta() {
  return [{ title: pageTitle("受け取ったアイテム") }, { name: "robots", content: "noindex" }];
}

export default function StoreItems({ loaderData }: Route.ComponentProps) {
  const { held, heldPoints, received } = loaderData;
  return (
    <div className="space-y-5">
      <PageHeader
        title="受け取ったアイテム"
        lead="お店とキャストが受け取ったアイテムです。ポイントに換金し、振込を申請できます。"
        actions={<ButtonLink to="/liver/mypage/item/convert">換金・振込申請</ButtonLink>}
      />
      <Card title="未換金のアイテム" lead={`換金すると ${formatPoints(heldPoints)}`}>
        {held.length === 0 ? (
          <EmptyState title="未換金のアイテムはありません" />
        ) : (
          <ul className="space-y-2" data-testid="held-items">
            {held.map((line) => (
              <li key={line.item_id} className="flex items-center gap-3">
                <img src={line.image_url} alt="" width={32} height={32} className="h-8 w-8 rounded" />
                <span>{line.name}</span>
                <span className="ml-auto font-bold">×{line.quantity}</span>
                <span className="w-24 text-right text-slate-600 text-sm">
                  {formatPoints(line.quantity * line.point_value)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="受け取り履歴">
        <ReceivedGifts gifts={received} showStaff />
      </Card>
    </div>
  );
}
