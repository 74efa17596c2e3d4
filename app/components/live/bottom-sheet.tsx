import { type ReactNode, useEffect, useRef } from "react";
import { createPortal } from "react-dom";

/**
 * A dialog that rises from the bottom of a phone (centred on a wide screen), as live apps show
 * their gift and ranking lists: rendered into <body> so the room's layers cannot cover it, closed
 * by Escape or a tap outside, its `[data-autofocus]` control focused when it opens.
 */
export function BottomSheet({
  labelledBy,
  onClose,
  testId,
  className = "",
  children,
}: {
  labelledBy: string;
  onClose(): void;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const sheet = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    sheet.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close.current();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center lg:items-center">
      <button
        type="button"
        aria-label="閉じる"
        tabIndex={-1}
        className="absolute inset-0 cursor-default bg-black/40"
        onClick={() => close.current()}
      />
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        data-testid={testId}
        className={`relative w-full rounded-t-3xl bg-white text-slate-900 shadow-2xl lg:max-w-md lg:rounded-3xl ${className}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
