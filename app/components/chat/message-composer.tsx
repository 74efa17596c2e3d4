import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CloseIcon, ImageIcon } from "~/components/ui/icons";
import { MESSAGE_MAX_LENGTH } from "~/domain/chat";
import { IMAGE_ACCEPT } from "~/domain/images";
import type { RoomActionData } from "./chat-room-messages";
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
  onTyping,
  actionData,
}: {
  action: string;
  hydrated: boolean;
  /** Called as she types (the room tells the other side 「入力中…」, throttled there). */
  onTyping?: () => void;
  onSend: (body: string) => void;
  actionData: RoomActionData | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [picture, setPicture] = useState<string | null>(null);
  // The picked picture as the phone shows it before sending (a local object URL, freed after).
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const pick = (file: File | undefined) => {
    setPicture(file?.name ?? null);
    setPreview(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  };
  const removePicture = () => {
    if (fileRef.current) fileRef.current.value = "";
    pick(undefined);
  };
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
      encType="multipart/form-data"
      className="border-slate-100 border-t bg-white p-2 sm:p-3"
      onSubmit={(event) => {
        // A picture is posted as the form (the page answers with the conversation, PRG).
        if (!hydrated || picture) return;
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
      {picture ? (
        <div
          className="mb-2 flex items-center gap-3 px-2 text-slate-600 text-xs"
          data-testid="message-picture"
        >
          {preview ? (
            <img
              src={preview}
              alt={CHAT_UI.pictureChosen}
              className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
              // A picture this browser cannot show (HEIC on a desktop): its name is enough.
              onError={() => setPreview(null)}
              data-testid="message-picture-thumbnail"
            />
          ) : (
            <ImageIcon className="size-4" />
          )}
          <span className="min-w-0 flex-1 truncate">{picture}</span>
          <button
            type="button"
            onClick={removePicture}
            className="flex min-h-11 shrink-0 items-center gap-1 rounded-full px-3 font-bold text-slate-600 hover:bg-slate-100"
            data-testid="message-picture-remove"
          >
            <CloseIcon className="size-3.5" />
            {CHAT_UI.removePicture}
          </button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label
          className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 has-focus-visible:ring-2 has-focus-visible:ring-brand-300"
          title={CHAT_UI.attach}
        >
          <input
            ref={fileRef}
            type="file"
            name="image"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            onChange={(event) => pick(event.currentTarget.files?.[0])}
            data-testid="message-image"
          />
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-8 8" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">{CHAT_UI.attach}</span>
        </label>
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
          onInput={() => {
            setError(null);
            onTyping?.();
          }}
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
