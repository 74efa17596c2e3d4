import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/domain/confirmation";
import { describedBy, errorIdOf, FieldError, fieldId } from "../form/field";

/**
 * The confirmation step of a serious action of the console (ADR 0053): one pattern for suspending
 * a store, blocking or suspending an account, rejecting a payout.
 *
 * The schema requires `confirm=yes` (domain/confirmation.ts). Without JavaScript (and until the
 * page is hydrated) the form shows a checkbox that sends it; the server refuses the form without
 * it, next to the box. With JavaScript the box is gone: the form's button opens a modal
 * `<dialog>` that repeats what will happen (and what was typed), focus on 「キャンセル」; its
 * confirm button is a submit button of the same form that sends `confirm=yes`. Escape or
 * 「キャンセル」 closes it and gives the focus back to the button that opened it.
 *
 *   const step = useConfirmStep({ id, error: errors.confirm, … });
 *   <Form method="post" onSubmit={step.onSubmit}>…{step.checkbox}<SubmitButton/>{step.dialog}</Form>
 *
 * `dialog` goes after the form's own button: its submit button must not be the form's first one
 * (the one Enter in a field presses), or Enter would confirm without asking.
 */

export interface ConfirmStepOptions {
  /** The form's id prefix (the fields' ids, the error summary's links). */
  id: string;
  /** What the box says without JavaScript (「…することを確認しました」). */
  checkboxLabel: string;
  /** The server's message for the confirmation, when it refused the form. */
  error?: string;
  /** The dialog's title: the question (「店舗を停止しますか？」). */
  title: string;
  /** What will happen, in a sentence or two. */
  description: string;
  /** The lines the dialog repeats from the form as it is when opened (the reason as typed…). */
  summary?: (data: FormData) => readonly { label: string; value: string }[];
  /** The words of the dialog's confirm button (「停止する」). */
  confirmLabel: string;
  /** Whether the form's values need the step at all (default: always). */
  when?: (data: FormData) => boolean;
}

const CONFIRM_BUTTON = "confirm-step";

/** Whether a submission came from the dialog's confirm button. */
function fromConfirmButton(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.dataset.confirmStep === CONFIRM_BUTTON;
}

export function useConfirmStep(options: ConfirmStepOptions): {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  checkbox: ReactNode;
  dialog: ReactNode;
} {
  const [enhanced, setEnhanced] = useState(false);
  const [lines, setLines] = useState<readonly { label: string; value: string }[]>([]);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => setEnhanced(true), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    if (fromConfirmButton(event)) {
      opener.current = null;
      dialog.current?.close();
      return;
    }
    const data = new FormData(event.currentTarget);
    if (options.when && !options.when(data)) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    opener.current = submitter ?? (document.activeElement as HTMLElement | null);
    setLines(options.summary?.(data) ?? []);
    dialog.current?.showModal();
    // The safe choice has the focus while the dialog is open.
    cancel.current?.focus();
  };

  // Closed without confirming (キャンセル, Escape): back to the button that opened it.
  const onClose = () => {
    opener.current?.focus();
    opener.current = null;
  };

  const checkboxId = fieldId(CONFIRM_FIELD, options.id);
  const dialogElement = enhanced ? (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
      data-testid="confirm-dialog"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-night-950/60"
    >
      <h2 id={titleId} className="font-bold text-lg">
        {options.title}
      </h2>
      <p id={descriptionId} className="mt-2 text-slate-700 text-sm">
        {options.description}
      </p>
      {lines.length > 0 ? (
        <dl className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
          {lines.map((line) => (
            <div key={line.label}>
              <dt className="font-bold text-slate-500 text-xs">{line.label}</dt>
              <dd className="whitespace-pre-wrap break-words">{line.value || "（未入力）"}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          ref={cancel}
          type="button"
          onClick={() => dialog.current?.close()}
          className="inline-flex min-h-11 items-center justify-center rounded-full border border-slate-300 bg-white px-6 font-bold text-slate-800 text-sm hover:bg-slate-50"
        >
          キャンセル
        </button>
        <button
          type="submit"
          name={CONFIRM_FIELD}
          value={CONFIRM_VALUE}
          data-confirm-step={CONFIRM_BUTTON}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-6 font-bold text-sm text-white hover:bg-red-800"
        >
          {options.confirmLabel}
        </button>
      </div>
    </dialog>
  ) : null;
  const checkbox = enhanced ? (
    // A refusal of the step itself (a page opened before JavaScript ran) is said here too.
    <FieldError id={errorIdOf(checkboxId)} error={options.error} />
  ) : (
    <div>
      <label htmlFor={checkboxId} className="flex min-h-11 cursor-pointer items-start gap-2 py-2 text-sm">
        <input
          id={checkboxId}
          type="checkbox"
          name={CONFIRM_FIELD}
          value={CONFIRM_VALUE}
          aria-invalid={options.error ? true : undefined}
          aria-describedby={describedBy(options.error && errorIdOf(checkboxId))}
          className="mt-0.5 size-5 shrink-0 accent-red-700"
        />
        <span>{options.checkboxLabel}</span>
      </label>
      <FieldError id={errorIdOf(checkboxId)} error={options.error} />
    </div>
  );
  return { onSubmit, checkbox, dialog: dialogElement };
}
