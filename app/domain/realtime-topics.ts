/**
 * Names of realtime topics (ADR 0018): `<kind>:<id>` or a bare `<kind>` such as `admin`. Pure, so
 * the naming rule is table-tested apart from the server that authorises and serves the topics.
 */

const TOPIC_PATTERN = /^[a-z][a-z0-9-]{0,31}(:[A-Za-z0-9_-]{1,128})?$/;

export function isValidTopic(topic: string): boolean {
  return TOPIC_PATTERN.test(topic);
}

export function topicKind(topic: string): { kind: string; id: string } {
  const at = topic.indexOf(":");
  return at < 0 ? { kind: topic, id: "" } : { kind: topic.slice(0, at), id: topic.slice(at + 1) };
}

/** The personal topic of one signed-in account (any role): follows, settings changed elsewhere… */
export const accountTopic = (uid: string) => `account:${uid}`;
