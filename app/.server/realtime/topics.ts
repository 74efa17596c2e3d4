import { isValidTopic, topicKind } from "~/domain/realtime-topics";
import type { Viewer } from "../auth/viewer";
import type { Db } from "../db/client";

/**
 * Topics of the realtime channel are strings `<kind>:<id>` (or a bare `<kind>` such as `admin`).
 * Each kind has one authorisation rule, checked before a stream opens: an answer other than "ok"
 * is an HTTP error (401 / 404), never a stream. Chat rooms (`room:<id>`, ADR 0029), lives
 * (`live:<id>`, ADR 0031) and operators (`admin`, ADR 0033) add their kind here.
 */
export type Authorization = "ok" | "unauthenticated" | "not-found";

export type TopicAuthorizer = (args: { db: Db; viewer: Viewer | null; id: string }) => Promise<Authorization>;

const authorizers = new Map<string, TopicAuthorizer>([
  // Only the account itself; someone else's account does not exist as far as they can tell.
  [
    "account",
    async ({ viewer, id }) => (!viewer ? "unauthenticated" : viewer.uid === id ? "ok" : "not-found"),
  ],
]);

/** Registers the rule of a topic kind (once, at module load of the feature that owns it). */
export function defineTopicKind(kind: string, authorize: TopicAuthorizer): void {
  authorizers.set(kind, authorize);
}

export async function authorizeTopic(db: Db, viewer: Viewer | null, topic: string): Promise<Authorization> {
  if (!isValidTopic(topic)) return "not-found";
  const { kind, id } = topicKind(topic);
  const authorize = authorizers.get(kind);
  if (!authorize) return "not-found";
  return authorize({ db, viewer, id });
}
