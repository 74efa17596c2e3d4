import { formatPoints, type ReceivedGift } from "~/domain/money";
import { EmptyState } from "../ui/kit";

const when = (iso: string) =>
  new Date(iso).toLocaleString("ja-JP", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

/** The gifts a staff member or a store received, newest first, by giver and date. */
export function ReceivedGifts({ gifts, showStaff }: { gifts: ReceivedGift[]; showStaff: boolean }) {
  if (gifts.length === 0) return <EmptyState title="まだアイテムを受け取っていません" />;
  return (
    <ul className="divide-y divide-slate-100" data-testid="received-gifts">
      {gifts.map((gift) => (
        <li key={gift.gift_id} className="flex items-center gap-3 py-2">
          <img src={gift.image_url} alt="" width={40} height={40} className="h-10 w-10 rounded-lg" />
          <div className="min-w-0 flex-1">
            <p className="font-bold">
              {gift.item_name} ×{gift.quantity}
            </p>
            <p className="text-slate-600 text-xs">
              {gift.from}さんから{showStaff && gift.staff_name ? `・${gift.staff_name}さんへ` : ""}・
              {when(gift.created_at)}
            </p>
          </div>
          <span className="text-slate-700 text-sm">{formatPoints(gift.points)}</span>
        </li>
      ))}
    </ul>
  );
}
