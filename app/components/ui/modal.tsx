import { type ReactNode, useEffect, useId, useRef } from "react";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  headline?: string;
  description?: string;
  /** Clicking the dimmed overlay closes the modal (docs/product.md: true unless told otherwise). */
  closeOnOverlayClick?: boolean;
  children?: ReactNode;
}

/** Counts open modals so nested ones do not unlock the page early. */
let openCount = 0;

function lockScroll() {
  openCount += 1;
  document.documentElement.classList.add("scroll-locked");
}
function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) document.documentElement.classList.remove("scroll-locked");
}

/**
 * A dialog over a dimmed overlay. Closed by default; while open the page behind does not scroll,
 * Escape closes it, focus moves in and returns to where it was.
 */
export function Modal({
  open,
  onClose,
  headline,
  description,
  closeOnOverlayClick = true,
  children,
}: ModalProps) {
  const headlineId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    lockScroll();
    const first = panel.current?.querySelector<HTMLElement>(
      "input, select, textarea, button:not([data-modal-close]), a[href], [tabindex]:not([tabindex='-1'])",
    );
    (first ?? panel.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCloseRef.current();
      if (event.key === "Tab" && panel.current) trapFocus(event, panel.current);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      unlockScroll();
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        data-testid="modal-overlay"
        aria-hidden="true"
        className="absolute inset-0 bg-night-950/60 backdrop-blur-[2px]"
        onClick={closeOnOverlayClick ? onClose : undefined}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headline ? headlineId : undefined}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="relative max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:max-w-lg sm:rounded-2xl"
      >
        <div className="mb-3 flex items-start gap-3">
          <div className="min-w-0 flex-1">
            {headline && (
              <h2 id={headlineId} className="font-bold text-lg">
                {headline}
              </h2>
            )}
            {description && (
              <p id={descriptionId} className="mt-1 text-slate-600 text-sm">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            data-modal-close
            onClick={onClose}
            aria-label="閉じる"
            className="-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
          >
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

function trapFocus(event: KeyboardEvent, container: HTMLElement) {
  const focusable = Array.from(
    container.querySelectorAll<HTMLElement>(
      "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])",
    ),
  ).filter((el) => !el.hasAttribute("disabled"));
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
