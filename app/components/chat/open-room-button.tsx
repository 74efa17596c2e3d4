import { Form, Link } from "react-router";
import { messagesPath } from "~/domain/chat-paths";
import { useViewer } from "../directory/use-viewer";
import { CHAT_UI } from "./chat-texts";

const LOOK =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full border-2 border-brand-600 bg-white px-5 font-bold text-brand-700 text-sm hover:bg-brand-50 sm:w-auto";

function ChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * メッセージを送る on a staff page (ADR 0029): a listener posts to the inbox's action, which
 * opens (or finds) the room and shows it; signed out, a link to the listener login that comes back
 * here. Stores and staff cannot open rooms: no button.
 */
export function OpenRoomButton({
  staffId,
  staffName,
  back,
}: {
  staffId: string;
  staffName: string;
  back: string;
}) {
  const viewer = useViewer();
  if (viewer && viewer.type !== "listener") return null;
  if (!viewer)
    return (
      <Link
        to={`/listener/login?from=${encodeURIComponent(back)}`}
        className={LOOK}
        aria-label={`${staffName}に${CHAT_UI.openRoomLogin}`}
        data-testid="open-room"
      >
        <ChatIcon />
        {CHAT_UI.openRoom}
      </Link>
    );
  return (
    <Form method="post" action={messagesPath("listener")}>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="staff_id" value={staffId} />
      <button
        type="submit"
        className={LOOK}
        aria-label={`${staffName}に${CHAT_UI.openRoom}`}
        data-testid="open-room"
      >
        <ChatIcon />
        {CHAT_UI.openRoom}
      </button>
    </Form>
  );
}
