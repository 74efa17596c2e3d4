import { useEffect, useState } from "react";
import type { LiveGiftEvent } from "~/domain/live";
import { LIVE_UI } from "./live-texts";

/**
 * A gift arriving in a live (the `gift` event of issue 17): the item's picture and who sent it rise
 * over the video for a few seconds. Several gifts queue up; with reduced motion they only fade.
 */
export function GiftBurst({ gifts }: { gifts: LiveGiftEvent[] }) {
  const [shown, setShown] = useState<LiveGiftEvent[]>([]);
  useEffect(() => {
    const latest = gifts.at(-1);
    if (!latest) return;
    setShown((now) => (now.some((g) => g.gift_id === latest.gift_id) ? now : [...now.slice(-2), latest]));
    const timer = setTimeout(() => setShown((now) => now.filter((g) => g.gift_id !== latest.gift_id)), 4000);
    return () => clearTimeout(timer);
  }, [gifts]);
  if (shown.length === 0) return null;
  return (
    <div
      className="pointer-events-none absolute inset-x-0 bottom-40 z-20 flex flex-col items-center gap-2"
      aria-live="polite"
    >
      {shown.map((gift) => (
        <div
          key={gift.gift_id}
          data-testid="live-gift"
          className="flex items-center gap-2 rounded-full bg-gradient-to-r from-pink-500/90 to-amber-400/90 px-3 py-1.5 text-white shadow-lg motion-safe:animate-[gift-rise_4s_ease-out_forwards] motion-reduce:animate-[gift-fade_4s_ease-out_forwards]"
        >
          {gift.item.image_url ? (
            <img
              src={gift.item.image_url}
              alt=""
              className="h-9 w-9 rounded-full bg-white/80 object-contain"
            />
          ) : null}
          <span className="font-bold text-sm">
            {LIVE_UI.gift(gift.from.nickname, gift.item.name, gift.quantity)}
          </span>
        </div>
      ))}
    </div>
  );
}
