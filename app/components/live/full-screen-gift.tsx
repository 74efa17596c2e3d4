import type { AnimationItem } from "lottie-web";
import lottie from "lottie-web/build/player/lottie_light";
import { useEffect, useRef } from "react";
import { GIFT_TEXTS } from "~/domain/gifts";
import type { LiveGiftEvent } from "~/domain/live";

/** What a top-tier item without an animation of its own plays (public/gifts/, ADR 0043). */
const FALLBACK_ANIMATION = "/gifts/sparkle.json";

/**
 * A top-tier gift over the whole room (ADR 0043): the item's Lottie animation (public/gifts/,
 * made by scripts/make-gift-animations.ts) played once with lottie-web's light SVG player — no
 * expressions, nothing the CSP forbids — with the giver's line and ×N over it. This module and
 * lottie-web are loaded only when such a gift arrives (gift-effects.tsx).
 */
export default function FullScreenGift({
  gift,
  words,
  onComplete,
}: {
  gift: LiveGiftEvent;
  words: string;
  onComplete(): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const complete = useRef(onComplete);
  complete.current = onComplete;
  const url = gift.item.animation_url || FALLBACK_ANIMATION;
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    let animation: AnimationItem | null = null;
    let cancelled = false;
    fetch(url)
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
      )
      .then((animationData: unknown) => {
        if (cancelled) return;
        animation = lottie.loadAnimation({
          container,
          renderer: "svg",
          loop: false,
          autoplay: true,
          animationData,
          rendererSettings: {
            // Portrait: fill the phone; landscape (a wide screen): the whole stage, letterboxed.
            preserveAspectRatio: window.innerWidth > window.innerHeight ? "xMidYMid meet" : "xMidYMid slice",
            progressiveLoad: false,
            hideOnTransparent: true,
          },
        });
        animation.addEventListener("complete", () => complete.current());
      })
      // No animation to play: the line stays up for the overlay's time, then the queue goes on.
      .catch(() => setTimeout(() => complete.current(), 3_200));
    return () => {
      cancelled = true;
      animation?.destroy();
    };
  }, [url]);
  return (
    <div
      className="pointer-events-none absolute inset-0 z-30 overflow-hidden"
      aria-live="polite"
      data-testid="live-gift"
      data-tier="3"
    >
      <div ref={box} className="absolute inset-0" data-testid="live-gift-animation" />
      <div className="absolute inset-x-0 bottom-[30%] flex flex-col items-center gap-1 px-4 text-center text-white drop-shadow-[0_2px_6px_rgba(0,0,0,0.7)]">
        <p className="font-black text-3xl tracking-wide">{GIFT_TEXTS.combo(gift.combo.count)}</p>
        <p className="text-balance rounded-2xl bg-black/40 px-4 py-1.5 font-bold text-sm">{words}</p>
      </div>
    </div>
  );
}
