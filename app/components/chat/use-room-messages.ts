import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useEventSource } from "../realtime/use-event-source";
import {
  type ChatRoomProps,
  type ClientMessage,
  merge,
  type ServerMessage,
  toClientMessage,
} from "./chat-room-messages";
import { CHAT_UI } from "./chat-texts";
import { useTypingIndicator } from "./typing";

/**
 * The live state of a chat room (ADR 0029, 0030): its messages, joined from the page's data and the
 * room's event stream (new messages, read marks, the other side typing); reading them marks them
 * read while the page is visible; older pages load on demand; sending shows the message at once,
 * pending, and marks it failed with a retry when the server refuses or does not answer.
 */
export function useRoomMessages(
  props: Pick<ChatRoomProps, "me" | "roomId" | "items" | "nextBefore" | "olderPage" | "eventsSince">,
) {
  const { me, roomId } = props;
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
  return {
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
  };
}
