import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { FanBadge } from "~/components/fans/fan-badge";
import { messagesPath } from "~/domain/chat-paths";
import { formatMonthDayTime } from "~/domain/relative-time";
import { GiftSheet, type Wallet } from "../live/gift-sheet";
import { StaffAvatar } from "../mypage/staff-avatar";
import { useEventSource } from "../realtime/use-event-source";
import { FlashMessage } from "../ui/kit";
import { ChatGiftPanel, type GiftItem } from "./chat-gift-panel";
import { CHAT_UI } from "./chat-texts";
import { MessageComposer } from "./message-composer";
import { RoomMenu } from "./room-menu";
import { tellTyping, useTypingIndicator } from "./typing";

/** A message as the page holds it: server rows (ISO times) and the sender's own pending ones. */
export interface ClientMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  /** A gift given in the room (ADR 0038). */
  gift?: MessageGiftView | null;
  created_at: string;
  read_at: string | null;
  /** Only on the sender's copy before the server stored it. */
  pending?: "sending" | "failed";
  error?: string;
}

export interface RoomActionData {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface MessageGiftView {
  gift_id: string;
  item_id: string;
  name: string;
  image_url: string;
  quantity: number;
}

interface ServerMessage {
  message_id: string;
  sender_id: string;
  body: string;
  image_url: string | null;
  gift?: MessageGiftView | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toClientMessage(message: ServerMessage): ClientMessage {
  return {
    message_id: message.message_id,
    sender_id: message.sender_id,
    body: message.body,
    image_url: message.image_url,
    gift: message.gift ?? null,
    created_at: iso(message.created_at) ?? "",
    read_at: iso(message.read_at),
  };
}

const order = (a: ClientMessage, b: ClientMessage) =>
  Number(Boolean(a.pending)) - Number(Boolean(b.pending)) ||
  a.created_at.localeCompare(b.created_at) ||
  a.message_id.localeCompare(b.message_id);

/** `incoming` joins `current`: one copy per id (a later read mark wins), oldest first, pending last. */
function merge(current: ClientMessage[], incoming: ClientMessage[]): ClientMessage[] {
  const byId = new Map(current.map((m) => [m.message_id, m]));
  for (const message of incoming) {
    const known = byId.get(message.message_id);
    byId.set(message.message_id, known ? { ...message, read_at: message.read_at ?? known.read_at } : message);
  }
  return [...byId.values()].sort(order);
}

export interface ChatRoomProps {
  role: "listener" | "staff";
  me: string;
  roomId: string;
  /** fan_level: the listener's level for this staff member (0 on the listener's own side). */
  counterpart: { name: string; image_url: string; fan_level: number };
  items: ClientMessage[];
  nextBefore: string | null;
  olderPage: boolean;
  blockedByMe: boolean;
  blockedMe: boolean;
  eventsSince: number;
  done: "block" | "report" | null;
  actionData: RoomActionData | null;
  /**
   * The listener's gifts (null for staff): her inventory and this render's key for the plain form,
   * her wallet for the sheet (with JavaScript), when to confirm, and the coin page with a way back.
   */
  gift: {
    items: GiftItem[];
    idempotencyKey: string;
    wallet: Wallet | null;
    confirmCoins: number;
    chargePath: string;
  } | null;
}

/**
 * The conversation (ADR 0029). Server-rendered and usable without JavaScript (plain forms and
 * an "older" link); with it, the room's event stream adds messages and read marks live, older
 * messages load when scrolled to the top, and sending shows the message at once with a retry when
 * it fails. The list is `flex-col-reverse`, so it opens at the newest message without a script.
 */
export function ChatRoom(props: ChatRoomProps) {
  const { role, me, roomId, counterpart } = props;
  const [messages, setMessages] = useState<ClientMessage[]>(props.items);
  const [nextBefore, setNextBefore] = useState(props.nextBefore);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const revalidator = useRevalidator();
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);

  // A reload of the page's data (after an action, a `reset`, the account stream) joins what is shown.
  useEffect(() => {
    setMessages((current) => merge(current, props.items));
  }, [props.items]);

  const markRead = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readSoon = useCallback(() => {
    clearTimeout(markRead.current);
    markRead.current = setTimeout(() => {
      if (document.visibilityState !== "visible") return;
      void fetch(`/api/rooms/${encodeURIComponent(roomId)}/read`, { method: "POST" }).then(() =>
        revalidator.revalidate(),
      );
    }, 300);
  }, [roomId, revalidator]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") readSoon();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(markRead.current);
    };
  }, [readSoon]);

  const [streamUrl] = useState(() =>
    props.olderPage
      ? null
      : `/api/rooms/${encodeURIComponent(roomId)}/events?last_event_id=${props.eventsSince}`,
  );
  const typing = useTypingIndicator();
  useEventSource(streamUrl, {
    typing(data) {
      if ((data as { user_id?: string }).user_id !== me) typing.show();
    },
    message(data) {
      const message = toClientMessage(data as ServerMessage);
      if (message.sender_id !== me) typing.hide();
      setMessages((current) => {
        // My own message may come back on the stream before its POST answers: it replaces the
        // pending copy with the same text, so the message never shows twice.
        const pending =
          message.sender_id === me
            ? current.findIndex((m) => m.pending === "sending" && m.body === message.body)
            : -1;
        return merge(pending >= 0 ? current.filter((_, i) => i !== pending) : current, [message]);
      });
      if (message.sender_id !== me) readSoon();
    },
    read(data) {
      const event = data as { reader_id: string; read_at: string; message_ids: string[] };
      if (event.reader_id === me) return;
      const ids = new Set(event.message_ids);
      setMessages((current) =>
        current.map((m) => (ids.has(m.message_id) ? { ...m, read_at: m.read_at ?? event.read_at } : m)),
      );
    },
    reset() {
      void revalidator.revalidate();
    },
  });

  const loadOlder = useCallback(async () => {
    if (!nextBefore || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const response = await fetch(
        `/api/rooms/${encodeURIComponent(roomId)}/messages?before=${encodeURIComponent(nextBefore)}`,
      );
      if (!response.ok) return;
      const page = (await response.json()) as { items: ServerMessage[]; next_before: string | null };
      setMessages((current) => merge(current, page.items.map(toClientMessage)));
      setNextBefore(page.next_before);
    } finally {
      setLoadingOlder(false);
    }
  }, [nextBefore, loadingOlder, roomId]);

  // Older messages when the top of the list comes into view (the link stays for keyboards).
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !nextBefore || props.olderPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
      },
      { root: listRef.current, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [nextBefore, loadOlder, props.olderPage]);

  const send = useCallback(
    async (body: string, retryOf?: string) => {
      const tempId = retryOf ?? `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const pending: ClientMessage = {
        message_id: tempId,
        sender_id: me,
        body,
        image_url: null,
        created_at: new Date().toISOString(),
        read_at: null,
        pending: "sending",
      };
      setMessages((current) => [...current.filter((m) => m.message_id !== tempId), pending]);
      listRef.current?.scrollTo({ top: 0 });
      let error: string = CHAT_UI.failed;
      try {
        const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/messages`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ body }),
        });
        const answer = (await response.json().catch(() => null)) as
          | (ServerMessage & { error?: { message?: string } })
          | null;
        if (response.status === 201 && answer) {
          const stored = toClientMessage(answer);
          setMessages((current) =>
            merge(
              current.filter((m) => m.message_id !== tempId),
              [stored],
            ),
          );
          return;
        }
        error = answer?.error?.message ?? error;
      } catch {
        // offline or the server did not answer: the message stays, marked, with a retry
      }
      setMessages((current) =>
        current.map((m) => (m.message_id === tempId ? { ...m, pending: "failed", error } : m)),
      );
    },
    [me, roomId],
  );

  const discard = (tempId: string) =>
    setMessages((current) => current.filter((m) => m.message_id !== tempId));
  const blocked = props.blockedByMe || props.blockedMe;
  const here = messagesPath(role, roomId);

  return (
    <section
      aria-labelledby="chat-title"
      className="flex h-[calc(100dvh-3.5rem)] min-h-[20rem] flex-col overflow-hidden bg-white wide:h-[calc(100dvh-8rem)] wide:rounded-2xl wide:shadow-sm wide:ring-1 wide:ring-slate-200"
      data-testid="chat-room"
      data-hydrated={hydrated ? "true" : undefined}
    >
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
        <RoomMenu blockedByMe={props.blockedByMe} actionData={props.actionData} />
      </header>

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
          {props.olderPage || nextBefore ? (
            <li className="text-center" ref={sentinelRef as never}>
              {nextBefore ? (
                <a
                  href={`${here}?before=${encodeURIComponent(nextBefore)}`}
                  onClick={(event) => {
                    if (props.olderPage) return;
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
              onRetry={() => void send(message.body, message.message_id)}
              onDiscard={() => discard(message.message_id)}
            />
          ))}
          {props.olderPage ? (
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

      {blocked ? (
        <p
          className="border-slate-100 border-t bg-slate-100 px-4 py-4 text-center text-slate-600 text-sm"
          role="note"
        >
          {props.blockedByMe ? CHAT_UI.blockedByMe : CHAT_UI.blockedMe}
        </p>
      ) : (
        <>
          {props.gift && hydrated && props.gift.wallet ? (
            <div className="border-slate-100 border-t bg-white px-2 pt-2 sm:px-3" data-testid="chat-gift">
              <GiftSheet
                wallet={props.gift.wallet}
                target={{ room_id: roomId }}
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
          {typing.shown ? (
            <p role="status" className="px-4 pb-1 text-slate-500 text-xs" data-testid="chat-typing">
              {CHAT_UI.typing(counterpart.name)}
            </p>
          ) : null}
          <MessageComposer
            action={here}
            hydrated={hydrated}
            onTyping={() => tellTyping(roomId)}
            onSend={(body) => void send(body)}
            actionData={props.actionData?.intent === "send" ? props.actionData : null}
          />
        </>
      )}
      <FlashMessage
        message={
          props.done === "block" ? CHAT_UI.blockDone : props.done === "report" ? CHAT_UI.reportDone : null
        }
      />
    </section>
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
