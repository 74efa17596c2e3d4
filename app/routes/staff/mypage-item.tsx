import { requireViewer } from "~/.server/auth/viewer";
import { listReceivedItems } from "~/.server/services/ledger/list-received-items";
import { ReceivedGifts } from "~/components/mypage/received-gifts";
import { Card, PageHeader } from "~/components/ui/kit";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-item";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "staff");
  const page = await listReceivedItems({ db: context.db, actor: viewer });
  if (!page) throw new Response(null, { status: 403 });
  return { received: page.received };
}

export function meta() {
  return [{ title: pageTitle("受け取ったアイテム") }, { name: "robots", content: "noindex" }];
}

export default function StaffItems({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-5">
      <PageHeader
        title="受け取ったアイテム"
        lead="いただいたアイテムはお店が受け取り、ポイントに換金します。"
      />
      <Card>
        <ReceivedGifts gifts={loaderData.received} showStaff={false} />
      </Card>
    </div>
  );
}
