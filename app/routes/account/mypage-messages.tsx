import { Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { readFormData } from "~/.server/http/form";
import { listOwnRooms } from "~/.server/services/chat/list-own-rooms";
import { openRoom } from "~/.server/services/chat/open-room";
import { CHAT_UI } from "~/components/chat/chat-texts";
import { RoomList } from "~/components/chat/room-list";
import { Card, EmptyState, PageHeader } from "~/components/ui/kit";
import { roleOfPath } from "~/domain/account-roles";
import { AGE_VERIFICATION_PATH } from "~/domain/age-verification";
import { messagesPath } from "~/domain/chat-paths";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-messages";

const PAGE_SIZE = 20;

function chatRole(request: Request): "listener" | "staff" {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "listener" && role !== "staff") throw new Response(null, { status: 404 });
  return role;
}

/** `/listener/mypage/message` and `/staff/mypage/message` (ADR 0029): the inbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = chatRole(request);
  const viewer = await requireViewer(request, context, role);
  const pageParam = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  const result = await listOwnRooms({ db: context.db, actor: viewer, input: { page, pageSize: PAGE_SIZE } });
  if (!result.ok) throw new Response(null, { status: 403 });
  return {
    role,
    page,
    hasNext: page * PAGE_SIZE < result.total,
    now: new Date().toISOString(),
    items: result.items.map((room) => ({
      room_id: room.room_id,
      href: messagesPath(role, room.room_id),
      counterpart: { name: room.counterpart.name, image_url: room.counterpart.image_url },
      last_message: room.last_message
        ? {
            body: room.last_message.body,
            image_url: room.last_message.image_url,
            mine: room.last_message.sender_id === viewer.uid,
            created_at: room.last_message.created_at.toISOString(),
          }
        : null,
      unread_count: room.unread_count,
      activity_at: (room.last_message_at ?? room.created_at).toISOString(),
    })),
  };
}

/**
 * メッセージを送る on a staff page posts here (`intent=open`, `staff_id`): the listener's room with
 * her is opened or found, and the conversation shown (a plain form, no JavaScript needed).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const role = chatRole(request);
  const viewer = await requireViewer(request, context, role);
  const form = await readFormData(request);
  const staffId = form?.get("staff_id");
  if (form?.get("intent") !== "open" || typeof staffId !== "string" || !staffId)
    throw new Response(null, { status: 400 });
  const result = await openRoom({ db: context.db, actor: viewer, input: { staff_id: staffId } });
  // Her age first (ADR 0055): the page says why and takes her document.
  if (!result.ok && result.error === "age_verification")
    return redirect(`${AGE_VERIFICATION_PATH}?for=message`);
  if (!result.ok) throw new Response(null, { status: result.error === "forbidden" ? 403 : 404 });
  return redirect(messagesPath("listener", result.room.id));
}

export function meta() {
  return [{ title: pageTitle(CHAT_UI.title) }, { name: "robots", content: "noindex" }];
}

export default function MypageMessages({ loaderData }: Route.ComponentProps) {
  const { role, items, now, page, hasNext } = loaderData;
  const unread = items.reduce((sum, room) => sum + room.unread_count, 0);
  return (
    <>
      <PageHeader
        title={CHAT_UI.title}
        lead={
          unread > 0
            ? `未読のメッセージが${unread}件あります。`
            : role === "listener"
              ? CHAT_UI.leadListener
              : CHAT_UI.leadStaff
        }
      />
      <Card>
        {items.length ? (
          <RoomList items={items} now={now} />
        ) : (
          <EmptyState title={CHAT_UI.empty}>
            {role === "listener" ? (
              <>
                {CHAT_UI.emptyListener}{" "}
                <Link to="/search/staff" className="text-brand-700 underline">
                  キャストをさがす
                </Link>
              </>
            ) : (
              CHAT_UI.emptyStaff
            )}
          </EmptyState>
        )}
        {page > 1 || hasNext ? (
          <nav aria-label="ページ" className="mt-4 flex justify-between text-sm">
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className="min-h-11 px-2 py-3 text-brand-700 hover:underline">
                ‹ 新しいトーク
              </Link>
            ) : (
              <span />
            )}
            {hasNext ? (
              <Link to={`?page=${page + 1}`} className="min-h-11 px-2 py-3 text-brand-700 hover:underline">
                以前のトーク ›
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Card>
    </>
  );
}
