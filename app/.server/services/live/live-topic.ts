import { liveTopic } from "~/domain/live";
import { defineTopicKind, type TopicAuthorizer } from "../../realtime/topics";
import { loadLive } from "./live-access";

/**
 * Who may stream `live:<id>` (`GET /api/lives/{id}/events`): anyone, signed in or not (watching
 * needs no account, ADR 0031), as long as the live exists; an unknown id is 404.
 */
export const authorizeLiveTopic: TopicAuthorizer = async ({ db, id }) =>
  (await loadLive(db, id)) ? "ok" : "not-found";

defineTopicKind("live", authorizeLiveTopic);

/** The topic of a live's stream, with its rule registered (importing this module registers it). */
export const liveEventsTopic = (liveId: string) => liveTopic(liveId);
