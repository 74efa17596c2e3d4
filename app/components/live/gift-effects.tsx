import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { GIFT_TEXTS } from "~/domain/gifts";
import type { LiveGiftEvent } from "~/domain/live";

/** The full-screen player (lottie-web) loads only when a top-tier gift arrives (ADR 0043). */
const FullScreenGift = lazy(() => import("./full-screen-gift"));

/** How long a banner and an overlay stay; a full-screen animation runs to its end (≥ 3 s). */
const SHOWN_MS = { 1: 2_600, 2: 3_200 } as const;
/** Banners waiting beyond this are dropped (their lines stay in the stream). */
const MAX_WAITING_BANNERS = 3;

/**
 * The gift animations of a live room (ADR 0043): one at a time, in the order the gifts came —
 * a banner (tier 1), an overlay (tier 2), a full-screen animation (tier 3). A send that joins a
 * combo already shown or waiting counts that one up (×N) instead of queueing another. With
 * `prefers-reduced-motion` every tier is a still card for the same time.
 */
export function useGiftEffects() {
  const [queue, setQueue] = useState<LiveGiftEvent[]>([]);
  const enqueue = useCallback((gift: LiveGiftEvent) => {
    setQueue((list) => {
      const same = list.findIndex((g) => g.combo.id === gift.combo.id);
      if (same !== -1) {
        if (list[same]!.combo.count >= gift.combo.count) return list;
        const next = [...list];
        next[same] = gift;
        return next;
      }
      const banners = list.filter((g, i) => i > 0 && g.tier === 1).length;
      if (gift.tier === 1 && banners >= MAX_WAITING_BANNERS) return list;
      return [...list, gift];
    });
  }, []);
  const done = useCallback((giftId: string) => {
    setQueue((list) => (list[0]?.gift_id === giftId ? list.slice(1) : list));
  }, []);
  return { current: queue[0] ?? null, waiting: Math.max(0, queue.length - 1), enqueue, done };
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const change = () => setReduced(query.matches);
    query.addEventListener("change", change);
    return () => query.removeEventListener("change", change);
  }, []);
  return reduced;
}

/** The effect shown now; calls `onDone` when it is over (the next one then starts). */
export function GiftEffect({ gift, onDone }: { gift: LiveGiftEvent | null; onDone(giftId: string): void }) {
  const reduced = usePrefersReducedMotion();
  const finished = useRef(onDone);
  finished.current = onDone;
  const giftId = gift?.gift_id;
  const tier = gift?.tier;
  useEffect(() => {
    if (!giftId || !tier) return;
    // A full-screen animation ends itself (its own `complete`); the timer is its safety net.
    const ms = tier === 3 && !reduced ? 8_000 : tier === 3 ? 3_200 : SHOWN_MS[tier];
    const timer = setTimeout(() => finished.current(giftId), ms);
    return () => clearTimeout(timer);
  }, [giftId, tier, reduced]);
  if (!gift) return null;
  const words = GIFT_TEXTS.line(gift.from.nickname, gift.item.name, gift.combo.count);
  if (gift.tier === 3 && !reduced)
    return (
      <Suspense fallback={<GiftCard gift={gift} words={words} still />}>
        <FullScreenGift gift={gift} words={words} onComplete={() => finished.current(gift.gift_id)} />
      </Suspense>
    );
  if (gift.tier === 1)
    return (
      <div
        className="pointer-events-none absolute inset-x-0 bottom-44 z-20 flex justify-center"
        aria-live="polite"
      >
        <div
          data-testid="live-gift"
          data-tier="1"
          className="flex items-center gap-2 rounded-full bg-gradient-to-r from-pink-500/90 to-amber-400/90 px-3 py-1.5 text-white shadow-lg motion-safe:animate-[gift-rise_2.6s_ease-out_forwards]"
        >
          {gift.item.image_url ? (
            <img
              src={gift.item.image_url}
              alt=""
              className="h-9 w-9 rounded-full bg-white/80 object-contain"
            />
          ) : null}
          <span className="font-bold text-sm">{words}</span>
        </div>
      </div>
    );
  return <GiftCard gift={gift} words={words} still={reduced} />;
}

/** The overlay of a tier-2 gift, and the still card of any gift under reduced motion. */
function GiftCard({ gift, words, still }: { gift: LiveGiftEvent; words: string; still: boolean }) {
  return (
    <div
      className="pointer-events-none absolute inset-0 z-30 grid place-items-center bg-black/30"
      aria-live="polite"
      data-testid="live-gift"
      data-tier={gift.tier}
      data-still={still ? "true" : undefined}
    >
      <div
        className={`mx-6 flex flex-col items-center gap-3 rounded-3xl bg-gradient-to-b from-pink-500/95 to-amber-400/95 px-8 py-6 text-center text-white shadow-2xl ${still ? "" : "motion-safe:animate-[gift-pop_3.2s_ease-out_forwards]"}`}
      >
        {gift.item.image_url ? (
          <img
            src={gift.item.image_url}
            alt=""
            className="h-28 w-28 rounded-2xl bg-white/85 object-contain p-2"
          />
        ) : null}
        <p className="font-bold text-3xl tracking-wide">{GIFT_TEXTS.combo(gift.combo.count)}</p>
        <p className="font-bold text-base">{words}</p>
      </div>
    </div>
  );
}
