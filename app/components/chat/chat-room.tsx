import type { RefObject } from "react";
import { Link } from "react-router";
import { FanBadge } from "~/components/fans/fan-badge";
import { AGE_VERIFICATION_PATH, AGE_VERIFICATION_TEXTS } from "~/domain/age-verification";
import { messagesPath } from "~/domain/chat-paths";
import { formatMonthDayTime } from "~/domain/relative-time";
import { GiftSheet } from "../live/gift-sheet";
import { StaffAvatar } from "../mypage/staff-avatar";
import { FlashMessage } from "../ui/kit";
import { ChatGiftPanel } from "./chat-gift-panel";
import type { ChatRoomProps, ClientMessage } from "./chat-room-messages";
import { CHAT_UI } from "./chat-texts";
import { MessageComposer } from "./message-composer";
import { RoomMenu } from "./room-menu";
import { tellTyping } from "./typing";
import { useRoomMessages } from "./use-room-messages";

/**
 * The conversation (ADR 0029). Server-rendered and usable without JavaScript (plain forms and
 * an "older" link); with it, the room's event stream adds messages and read marks live, older
 * messages load when scrolled to the top, and sending shows the message at once with a retry when
 * it fails. The list is `flex-col-reverse`, so it opens at the newest message without a script.
 */
export function ChatRoom(props: ChatRoomProps) {
  const { role, me, roomId, counterpart } = props;
  const {
    messages,
    nextBefore,
    loadingOlder,
    loadOlder,
    send,
    discard,
    typing,
    hydrated,
    listRef,
    sentinelRef,
  } = useRoomMessages(props);
  const blocked = props.blockedByMe || props.blockedMe;
  const here = messagesPath(role, roomId);

  return (
    <section
      aria-labelledby="chat-title"
      className="flex h-[calc(100dvh-3.5rem)] min-h-[20rem] flex-col overflow-hidden bg-white wide:h-[calc(100dvh-8rem)] wide:rounded-2xl wide:shadow-sm wide:ring-1 wide:ring-slate-200"
      data-testid="chat-room"
      data-hydrated={hydrated ? "true" : undefined}
    >
      <RoomHeader
        role={role}
        counterpart={counterpart}
        blockedByMe={props.blockedByMe}
        actionData={props.actionData}
      />

      <MessageHistory
        listRef={listRef}
        sentinelRef={sentinelRef}
        messages={messages}
        me={me}
        here={here}
        olderPage={props.olderPage}
        nextBefore={nextBefore}
        loadingOlder={loadingOlder}
        loadOlder={loadOlder}
        onRetry={(message) => void send(message.body, message.message_id)}
        onDiscard={discard}
      />

      {blocked ? (
        <BlockedNote byMe={props.blockedByMe} />
      ) : (
        <RoomFooter
          props={props}
          here={here}
          hydrated={hydrated}
          typingShown={typing.shown}
          onSend={(body) => void send(body)}
        />
      )}
      <FlashMessage
        message={
          props.done === "block" ? CHAT_UI.blockDone : props.done === "report" ? CHAT_UI.reportDone : null
        }
      />
    </section>
  );
}

/** The slim header of the room: back to the list, who, her fan badge (staff side), the menu. */
/**
 * The history, newest at the bottom without a script (`flex-col-reverse`): older messages by a link
 * (and, with JavaScript, when its sentinel scrolls into view), the bubbles, and on an older page a
 * way back to the newest.
 */
function MessageHistory({
  listRef,
  sentinelRef,
  messages,
  me,
  here,
  olderPage,
  nextBefore,
  loadingOlder,
  loadOlder,
  onRetry,
  onDiscard,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  sentinelRef: RefObject<HTMLDivElement | null>;
  messages: ClientMessage[];
  me: string;
  here: string;
  olderPage: boolean;
  nextBefore: string | null;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  onRetry: (message: ClientMessage) => void;
  onDiscard: (messageId: string) => void;
}) {
  return (
    <div
      ref={listRef}
      role="log"
      aria-label="メッセージ履歴"
      aria-live="polite"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling history must be reachable by keyboard
      tabIndex={0}
      className="flex flex-1 flex-col-reverse overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <ol className="flex flex-col gap-2" data-testid="message-list">
        {olderPage || nextBefore ? (
          <li className="text-center" ref={sentinelRef as never}>
            {nextBefore ? (
              <a
                href={`${here}?before=${encodeURIComponent(nextBefore)}`}
                onClick={(event) => {
                  if (olderPage) return;
                  event.preventDefault();
                  void loadOlder();
                }}
                className="inline-flex min-h-11 items-center rounded-full px-4 text-brand-700 text-sm hover:bg-white"
                data-testid="older-messages"
              >
                {loadingOlder ? CHAT_UI.loadingOlder : CHAT_UI.older}
              </a>
            ) : (
              <p className="py-2 text-slate-500 text-xs">{CHAT_UI.beginning}</p>
            )}
          </li>
        ) : messages.length ? (
          <li className="py-2 text-center text-slate-500 text-xs">{CHAT_UI.beginning}</li>
        ) : null}
        {messages.length === 0 ? (
          <li className="m-auto max-w-xs py-10 text-center">
            <p className="font-bold text-slate-700">{CHAT_UI.noMessagesYet}</p>
            <p className="mt-1 text-slate-500 text-sm">{CHAT_UI.firstMessageHint}</p>
          </li>
        ) : null}
        {messages.map((message) => (
          <MessageBubble
            key={message.message_id}
            message={message}
            mine={message.sender_id === me}
            onRetry={() => onRetry(message)}
            onDiscard={() => onDiscard(message.message_id)}
          />
        ))}
        {olderPage ? (
          <li className="text-center">
            <Link
              to={here}
              className="inline-flex min-h-11 items-center px-4 text-brand-700 text-sm hover:underline"
            >
              {CHAT_UI.newest} ›
            </Link>
          </li>
        ) : null}
      </ol>
    </div>
  );
}

function RoomHeader({
  role,
  counterpart,
  blockedByMe,
  actionData,
}: Pick<ChatRoomProps, "role" | "counterpart" | "blockedByMe" | "actionData">) {
  return (
    <header className="flex items-center gap-3 border-slate-100 border-b px-3 py-2">
      <Link
        to={messagesPath(role)}
        className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 text-xl hover:bg-slate-100"
        aria-label={CHAT_UI.backToList}
      >
        <span aria-hidden="true">‹</span>
      </Link>
      <StaffAvatar name={counterpart.name} imageUrl={counterpart.image_url || null} size="size-10" />
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h1 id="chat-title" className="min-w-0 truncate font-bold text-lg" data-testid="chat-counterpart">
          {counterpart.name}
        </h1>
        {/* Her fan level for this staff member (ADR 0043), on the staff member's side. */}
        {role === "staff" ? <FanBadge level={counterpart.fan_level} /> : null}
      </div>
      <RoomMenu blockedByMe={blockedByMe} actionData={actionData} />
    </header>
  );
}

function BlockedNote({ byMe }: { byMe: boolean }) {
  return (
    <p
      className="border-slate-100 border-t bg-slate-100 px-4 py-4 text-center text-slate-600 text-sm"
      role="note"
    >
      {byMe ? CHAT_UI.blockedByMe : CHAT_UI.blockedMe}
    </p>
  );
}

/** Below the history: the gift sheet (a listener's), 「入力中…」 and the composer. */
function RoomFooter({
  props,
  here,
  hydrated,
  typingShown,
  onSend,
}: {
  props: ChatRoomProps;
  here: string;
  hydrated: boolean;
  typingShown: boolean;
  onSend: (body: string) => void;
}) {
  return (
    <>
      {props.gift && hydrated && props.gift.wallet ? (
        <div className="border-slate-100 border-t bg-white px-2 pt-2 sm:px-3" data-testid="chat-gift">
          <GiftSheet
            wallet={props.gift.wallet}
            target={{ room_id: props.roomId }}
            confirmCoins={props.gift.confirmCoins}
            chargePath={props.gift.chargePath}
            tone="light"
          />
        </div>
      ) : props.gift ? (
        <ChatGiftPanel
          action={here}
          items={props.gift.items}
          idempotencyKey={props.gift.idempotencyKey}
          actionData={props.actionData?.intent === "gift" ? props.actionData : null}
        />
      ) : null}
      {typingShown ? (
        <p role="status" className="px-4 pb-1 text-slate-500 text-xs" data-testid="chat-typing">
          {CHAT_UI.typing(props.counterpart.name)}
        </p>
      ) : null}
      {props.mustVerifyAge ? (
        <AgeVerificationNote />
      ) : (
        <MessageComposer
          action={here}
          hydrated={hydrated}
          onTyping={() => tellTyping(props.roomId)}
          onSend={onSend}
          actionData={props.actionData?.intent === "send" ? props.actionData : null}
        />
      )}
    </>
  );
}

/** In place of the composer until the listener's age is verified (ADR 0055). */
function AgeVerificationNote() {
  return (
    <p
      className="border-slate-100 border-t bg-amber-50 px-4 py-4 text-center text-slate-800 text-sm"
      role="note"
      data-testid="chat-age-verification"
    >
      {AGE_VERIFICATION_TEXTS.required}
      <br />
      <Link
        to={AGE_VERIFICATION_PATH}
        className="inline-block min-h-11 py-3 font-bold text-brand-700 underline"
      >
        年齢確認をする
      </Link>
    </p>
  );
}

function MessageBubble({
  message,
  mine,
  onRetry,
  onDiscard,
}: {
  message: ClientMessage;
  mine: boolean;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const time = message.pending ? null : formatMonthDayTime(message.created_at);
  return (
    <li
      className={`flex flex-col ${mine ? "items-end" : "items-start"}`}
      data-testid="message"
      data-mine={mine ? "true" : "false"}
      data-state={message.pending ?? "stored"}
    >
      <div
        className={`max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-[15px] leading-relaxed ${
          mine
            ? `rounded-br-md text-white ${message.pending === "failed" ? "bg-red-700" : "bg-brand-600"} ${message.pending === "sending" ? "opacity-70" : ""}`
            : "rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200"
        }`}
        data-testid="message-body"
      >
        {message.gift ? (
          <span
            className="mb-1 flex items-center gap-2 rounded-xl bg-amber-50 p-2 text-slate-900"
            data-testid="message-gift"
          >
            <img src={message.gift.image_url} alt="" width={40} height={40} className="size-10 rounded" />
            <span className="font-bold">
              {message.gift.name} ×{message.gift.quantity}
            </span>
          </span>
        ) : null}
        {message.image_url ? (
          <img
            src={message.image_url}
            alt={CHAT_UI.image}
            className="mb-1 max-h-64 rounded-lg"
            loading="lazy"
          />
        ) : null}
        {message.body}
      </div>
      <div className="mt-0.5 flex items-center gap-2 px-1 text-slate-500 text-xs">
        {mine && message.read_at ? (
          <span className="font-bold text-brand-700" data-testid="message-read">
            {CHAT_UI.read}
          </span>
        ) : null}
        {message.pending === "sending" ? <span>{CHAT_UI.sending}…</span> : null}
        {time ? <time dateTime={message.created_at}>{time}</time> : null}
      </div>
      {message.pending === "failed" ? (
        <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs" role="alert">
          <span className="text-red-700" data-testid="message-error">
            {message.error ?? CHAT_UI.failed}
          </span>
          <button
            type="button"
            onClick={onRetry}
            className="min-h-9 rounded-full border border-red-700 px-3 font-bold text-red-700 hover:bg-red-50"
            data-testid="message-retry"
          >
            {CHAT_UI.retry}
          </button>
          <button
            type="button"
            onClick={onDiscard}
            className="min-h-9 rounded-full px-2 text-slate-600 underline"
          >
            {CHAT_UI.discard}
          </button>
        </div>
      ) : null}
    </li>
  );
}
