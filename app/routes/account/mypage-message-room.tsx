import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { requireViewer, type Viewer } from "~/.server/auth/viewer";
import type { FieldErrors, FormValues } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { readLimitedFormData } from "~/.server/http/limited-form-data";
import { FORM_MESSAGES, MYPAGE_FORM_MAX_BYTES } from "~/.server/http/mypage-form";
import { topicHead } from "~/.server/realtime/publish";
import { mustVerifyAge } from "~/.server/services/age-verification/age-verification-state";
import { blockRoom } from "~/.server/services/chat/block-room";
import { listMessages } from "~/.server/services/chat/list-messages";
import { markRoomRead } from "~/.server/services/chat/mark-room-read";
import { reportRoom } from "~/.server/services/chat/report-room";
import { sendImageMessage } from "~/.server/services/chat/send-image-message";
import { sendMessage } from "~/.server/services/chat/send-message";
import { readRoomFanLevel } from "~/.server/services/fans/read-room-fan-level";
import { readGiftWallet } from "~/.server/services/gifts/read-gift-wallet";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { readInventory } from "~/.server/services/ledger/read-purchase-page";
import { liveSettings } from "~/.server/services/live/live-settings";
import { ChatRoom } from "~/components/chat/chat-room";
import { type RoomActionData, toClientMessage } from "~/components/chat/chat-room-messages";
import { CHAT_UI } from "~/components/chat/chat-texts";
import { roleOfPath } from "~/domain/account-roles";
import { roomTopic } from "~/domain/chat";
import { messagesPath } from "~/domain/chat-paths";
import { IMAGE_MESSAGES } from "~/domain/images";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-message-room";

function chatRole(request: Request): "listener" | "staff" {
  const role = roleOfPath(new URL(request.url).pathname);
  if (role !== "listener" && role !== "staff") throw new Response(null, { status: 404 });
  return role;
}

/**
 * `/listener/mypage/message/{room_id}` and `/staff/mypage/message/{room_id}` (ADR 0029): the
 * conversation. The newest page marks the counterpart's messages read; `?before=` shows an older
 * page (the plain link without JavaScript). Anyone but the two members: 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const role = chatRole(request);
  const viewer = await requireViewer(request, context, role);
  const before = new URL(request.url).searchParams.get("before");
  // Where the room's stream starts: anything published after this render reaches the page.
  const eventsSince = await topicHead(context.db, roomTopic(params.id));
  if (!before) {
    const read = await markRoomRead({ db: context.db, actor: viewer, input: { roomId: params.id } });
    if (!read.ok) throw new Response(null, { status: 404 });
  }
  const page = await listMessages({ db: context.db, actor: viewer, input: { roomId: params.id, before } });
  if (!page.ok) {
    if (page.error === "invalid_before") throw redirect(messagesPath(role, params.id));
    throw new Response(null, { status: 404 });
  }
  // The listener's fan level for this staff member, beside her name on the staff member's side.
  const fan =
    role === "staff"
      ? await readRoomFanLevel({
          db: context.db,
          actor: viewer,
          input: { roomId: params.id },
          thresholds: (await liveSettings(context)).fanThresholds,
        })
      : null;
  const done = new URL(request.url).searchParams.get("done");
  return {
    role,
    me: viewer.uid,
    roomId: page.room_id,
    counterpart: {
      name: page.counterpart.name,
      image_url: page.counterpart.image_url,
      fan_level: fan?.ok ? fan.level : 0,
    },
    items: page.items.map(toClientMessage).reverse(),
    nextBefore: page.next_before,
    olderPage: Boolean(before),
    blockedByMe: page.blocked_by_me,
    blockedMe: page.blocked_me,
    mustVerifyAge: await mustVerifyAge(context.db, viewer),
    eventsSince,
    done: done === "block" || done === "report" ? (done as "block" | "report") : null,
    // The listener's gifts: the sheet of the live room with JavaScript (the catalogue, her coins,
    // buying what is missing: ADR 0043), the plain ギフト form of her inventory without it (ADR 0038,
    // a key per render so a form sent twice gives once).
    gift:
      role === "listener" && !page.blocked_by_me && !page.blocked_me
        ? await giftsOf(context, viewer, messagesPath(role, params.id))
        : null,
  };
}

async function giftsOf(context: Route.LoaderArgs["context"], viewer: Viewer, here: string) {
  const [inventory, wallet, settings] = await Promise.all([
    readInventory(context.db, viewer.uid),
    readGiftWallet({ db: context.db, actor: viewer }),
    liveSettings(context),
  ]);
  return {
    items: inventory.map((line) => ({
      item_id: line.item.item_id,
      name: line.item.name,
      image_url: line.item.image_url,
      quantity: line.quantity,
    })),
    idempotencyKey: randomUUID(),
    wallet,
    confirmCoins: settings.confirmCoins,
    chargePath: `/listener/coin?return=${encodeURIComponent(here)}`,
  };
}

/** The forms of the page without JavaScript: send (PRG), gift (a listener's), block, report. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const role = chatRole(request);
  const viewer = await requireViewer(request, context, role);
  const here = messagesPath(role, params.id);
  const read = await readLimitedFormData(request, MYPAGE_FORM_MAX_BYTES);
  if (!read.ok)
    return data<RoomActionData>(
      {
        intent: "send",
        values: {},
        errors: { body: read.error === "too_large" ? IMAGE_MESSAGES.too_large : FORM_MESSAGES.unreadable },
      },
      { status: 400 },
    );
  const form = read.form;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const roomId = params.id;
  const db = context.db;
  const answer = (intent: string, values: Record<string, string>, errors: FieldErrors, status = 400) =>
    data<RoomActionData>({ intent, values, errors }, { status });
  const badRequest = () => {
    throw new Response(null, { status: 400 });
  };
  const gift = intent({
    run: async (_none, { intent: name }: IntentContext) => {
      const values = { item_id: text("item_id"), quantity: text("quantity") };
      const result = await sendGift({
        db,
        actor: viewer,
        input: {
          item_id: values.item_id,
          quantity: /^\d{1,3}$/.test(values.quantity) ? Number(values.quantity) : Number.NaN,
          room_id: roomId,
          idempotency_key: text("idempotency_key"),
        },
        settings: await liveSettings(context),
      });
      if (result.ok) return redirect(here);
      if (result.error === "forbidden") throw new Response(null, { status: 403 });
      if (result.error === "not_found" && result.field === "room_id")
        throw new Response(null, { status: 404 });
      const field = result.field === "quantity" ? "quantity" : "item_id";
      return answer(name, values, { [field]: result.message }, result.error === "blocked" ? 403 : 400);
    },
  });
  return dispatchIntent(
    form,
    {
      send: intent({
        run: async (_none, { intent: name }: IntentContext) => {
          // A picture goes through the image pipeline first; the text beside it is optional.
          const image = form.get("image");
          const body = text("body");
          const result =
            image instanceof File && image.size > 0
              ? await sendImageMessage({
                  db,
                  images: context.images,
                  actor: viewer,
                  input: { roomId, body, data: new Uint8Array(await image.arrayBuffer()) },
                })
              : await sendMessage({ db, actor: viewer, input: { roomId, body } });
          if (result.ok) return redirect(here);
          if (result.error === "not_found") throw new Response(null, { status: 404 });
          const status =
            result.error === "invalid"
              ? 400
              : result.error === "blocked" || result.error === "age_verification"
                ? 403
                : 429;
          return answer(name, { body }, { body: result.message }, status);
        },
      }),
      // Only a listener gives; a staff member's gift intent is unknown here.
      ...(role === "listener" ? { gift } : {}),
      block: intent({
        run: async () => {
          const result = await blockRoom({ db, actor: viewer, input: { roomId } });
          if (!result.ok) throw new Response(null, { status: 404 });
          return redirect(`${here}?done=block`);
        },
      }),
      report: intent({
        run: async (_none, { intent: name }: IntentContext) => {
          const reason = text("reason");
          const result = await reportRoom({ db, actor: viewer, input: { roomId, reason } });
          if (result.ok) return redirect(`${here}?done=report`);
          if (result.error === "not_found") throw new Response(null, { status: 404 });
          return answer(name, { reason }, { reason: result.message });
        },
      }),
    },
    {
      otherwise: intent({ run: badRequest }),
      refusal: (name: string, values: FormValues, errors: FieldErrors, status = 400) =>
        answer(
          name,
          Object.fromEntries(
            Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          ),
          errors,
          status,
        ),
    },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.counterpart.name;
  return [
    { title: pageTitle(name ? `${name}さんとのメッセージ` : CHAT_UI.title) },
    { name: "robots", content: "noindex" },
  ];
}

export default function MypageMessageRoom({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatRoom key={loaderData.roomId} {...loaderData} actionData={actionData ?? null} />;
}
