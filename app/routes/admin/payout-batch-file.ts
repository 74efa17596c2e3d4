import { data } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { getPayoutBatchFile } from "~/.server/services/payouts/get-payout-batch-file";
import { isRecordId } from "~/domain/admin";
import type { Route } from "./+types/payout-batch-file";

/** GET /admin/payout-batches/:id — the 全銀 file of an exported batch, the same bytes every time. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  if (!isRecordId(params.id)) throw data(null, { status: 404 });
  const file = await getPayoutBatchFile({ db: context.db, actor, input: { batchId: params.id } });
  if (!file) throw data(null, { status: 404 });
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": "text/plain; charset=Shift_JIS",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
