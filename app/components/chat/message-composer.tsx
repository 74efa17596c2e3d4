import { type KeyboardEvent, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "~/domain/chat";
import type { RoomActionData } from "./chat-room";
import { CHAT_UI } from "./chat-texts";

/**
 * The message field and 送信. Without JavaScript it is a plain form posted to the page (PRG; a
 * refusal comes back with the text kept and the message under the field). With it, `onSend` shows
 * the message at once. Enter sends on a desktop (a fine pointer), Shift+Enter breaks the line; on a
 * phone Enter breaks the line and the button sends. Enter while converting kana never sends.
 */
export function MessageComposer({
  action,
  hydrated,
  onSend,
  actionData,
}: {
  action: string;
  hydrated: boolean;
  onSend: (body: string) => void;
  actionData: RoomActionData | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const serverError = actionData?.errors.body ?? null;
  const shown = error ?? serverError;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229)
      return;
    if (!window.matchMedia("(pointer: fine)").matches) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      className="border-slate-100 border-t bg-white p-2 sm:p-3"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const field = event.currentTarget.elements.namedItem("body") as HTMLTextAreaElement;
        const body = field.value.trim();
        if (!body) {
          setError("メッセージを入力してください");
          return;
        }
        setError(null);
        field.value = "";
        onSend(body);
        field.focus();
      }}
      data-testid="message-form"
    >
      <input type="hidden" name="intent" value="send" />
      <div className="flex items-end gap-2">
        <label htmlFor="message-body" className="sr-only">
          {CHAT_UI.bodyLabel}
        </label>
        <textarea
          id="message-body"
          name="body"
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          defaultValue={actionData?.values.body ?? ""}
          placeholder={CHAT_UI.placeholder}
          onKeyDown={onKeyDown}
          onInput={() => setError(null)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "message-body-error" : "message-body-hint"}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base leading-snug [field-sizing:content] focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-full bg-brand-600 px-5 font-bold text-sm text-white shadow hover:bg-brand-700"
          data-testid="message-send"
        >
          {CHAT_UI.send}
        </button>
      </div>
      {shown ? (
        <p
          id="message-body-error"
          role="alert"
          className="mt-1 px-2 text-red-700 text-sm"
          data-testid="message-form-error"
        >
          {shown}
        </p>
      ) : (
        <p
          id="message-body-hint"
          className="mt-1 hidden px-2 text-slate-500 text-xs [@media(pointer:fine)]:block"
        >
          {CHAT_UI.enterHint}
        </p>
      )}
    </form>
  );
}
