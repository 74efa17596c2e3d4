import { roomTopic } from "~/domain/chat";
import { defineTopicKind, type TopicAuthorizer } from "../../realtime/topics";
import { memberRoom } from "./room-access";

/**
 * Who may stream `room:<id>` (`GET /api/rooms/{id}/events`): the two members; signed out 401,
 * anyone else — a third listener, another staff member, a store, an operator — 404, as for
 * every room endpoint (ADR 0029).
 */
export const authorizeRoomTopic: TopicAuthorizer = async ({ db, viewer, id }) => {
  if (!viewer) return "unauthenticated";
  const access = await memberRoom(db, viewer, "room.read", id);
  return access.ok ? "ok" : "not-found";
};

defineTopicKind("room", authorizeRoomTopic);

/** The topic of a room's stream, with its rule registered (importing this module registers it). */
export const roomEventsTopic = (roomId: string) => roomTopic(roomId);
