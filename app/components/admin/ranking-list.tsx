import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { SMALL_BUTTON } from "../ui/kit";
import { StoreStatusBadge } from "./admin-ui";

export interface RankedStore {
  uid: string;
  store_name: string;
  status: "public" | "private" | "suspended" | "deleted";
  order: number | null;
}

/**
 * The ranking of stores (ADR 0033 "order: drag to rank"). With a mouse or a finger, a row is
 * dragged by its handle (pointer events, so touch works too; the handle does not scroll the page)
 * and the new order is saved when it is dropped. With a keyboard, or without JavaScript, the ↑ ↓
 * buttons of each row move it one place (plain forms). A screen reader hears where a row went.
 */
export function RankingList({ stores }: { stores: readonly RankedStore[] }) {
  const fetcher = useFetcher<{ error?: string }>();
  const ids = stores.map((s) => s.uid);
  const [order, setOrder] = useState(ids);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const key = ids.join(",");
  // A new ranking from the server (after a save, a move, another operator's change) wins.
  useEffect(() => setOrder(key ? key.split(",") : []), [key]);
  const byId = new Map(stores.map((s) => [s.uid, s]));

  const targetIndex = (clientY: number) => {
    const rows = Array.from(list.current?.children ?? []);
    const index = rows.findIndex((row) => {
      const box = row.getBoundingClientRect();
      return clientY < box.top + box.height / 2;
    });
    return index < 0 ? rows.length - 1 : index;
  };

  const start = (uid: string) => (event: ReactPointerEvent<HTMLSpanElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(uid);
  };
  const move = (event: ReactPointerEvent<HTMLSpanElement>) => {
    if (!dragging) return;
    const to = targetIndex(event.clientY);
    setOrder((current) => {
      const from = current.indexOf(dragging);
      if (from < 0 || from === to) return current;
      const next = current.filter((id) => id !== dragging);
      next.splice(to, 0, dragging);
      return next;
    });
  };
  const drop = () => {
    if (!dragging) return;
    const moved = dragging;
    setDragging(null);
    if (order.join(",") === key) return;
    const place = order.indexOf(moved) + 1;
    setAnnouncement(`「${byId.get(moved)?.store_name ?? ""}」を${place}位に移動しました`);
    fetcher.submit({ intent: "reorder", ids: order.join(",") }, { method: "post" });
  };
  const cancel = () => {
    setDragging(null);
    setOrder(ids);
  };

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {fetcher.state === "idle" && fetcher.data?.error ? fetcher.data.error : announcement}
      </p>
      {fetcher.state === "idle" && fetcher.data?.error ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {fetcher.data.error}
        </p>
      ) : null}
      <ol ref={list} className="space-y-2" data-testid="ranking-list" aria-busy={fetcher.state !== "idle"}>
        {order.map((uid, index) => {
          const store = byId.get(uid);
          if (!store) return null;
          const active = dragging === uid;
          return (
            <li
              key={uid}
              data-testid="ranking-row"
              data-store-id={uid}
              className={`flex items-center gap-2 rounded-xl bg-white p-2 ring-1 transition-shadow ${active ? "z-10 shadow-lg ring-2 ring-brand-500" : "shadow-sm ring-slate-200"}`}
            >
              <span
                aria-hidden="true"
                title="ドラッグして並べ替え"
                className="flex min-h-11 w-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 active:cursor-grabbing"
                onPointerDown={start(uid)}
                onPointerMove={move}
                onPointerUp={drop}
                onPointerCancel={cancel}
                data-testid="drag-handle"
              >
                <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                  <circle cx="7" cy="5" r="1.5" />
                  <circle cx="13" cy="5" r="1.5" />
                  <circle cx="7" cy="10" r="1.5" />
                  <circle cx="13" cy="10" r="1.5" />
                  <circle cx="7" cy="15" r="1.5" />
                  <circle cx="13" cy="15" r="1.5" />
                </svg>
              </span>
              <span
                className="w-8 shrink-0 text-center font-black text-lg tabular-nums"
                data-testid="ranking-place"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <Link to={`/admin/stores/${uid}`} className="block truncate font-bold hover:underline">
                  {store.store_name || "（店舗名未設定）"}
                </Link>
                {store.status === "public" ? null : <StoreStatusBadge status={store.status} />}
              </div>
              <MoveButton uid={uid} name={store.store_name} direction="up" disabled={index === 0} />
              <MoveButton
                uid={uid}
                name={store.store_name}
                direction="down"
                disabled={index === order.length - 1}
              />
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="liver_id" value={uid} />
                <button type="submit" className={SMALL_BUTTON} title="順位から外す">
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">「{store.store_name}」を順位から外す</span>
                </button>
              </Form>
            </li>
          );
        })}
      </ol>
    </>
  );
}

function MoveButton({
  uid,
  name,
  direction,
  disabled,
}: {
  uid: string;
  name: string;
  direction: "up" | "down";
  disabled: boolean;
}) {
  const label = direction === "up" ? "上へ" : "下へ";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="liver_id" value={uid} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={SMALL_BUTTON} disabled={disabled} title={label}>
        <span aria-hidden="true">{direction === "up" ? "↑" : "↓"}</span>
        <span className="sr-only">
          「{name}」を{label}
        </span>
      </button>
    </Form>
  );
}
