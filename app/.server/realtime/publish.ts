import { sql } from "drizzle-orm";
import { isValidTopic } from "~/domain/realtime-topics";
import { type Db, queryRows } from "../db/client";

/** The channel every server process LISTENs on; the payload is `<topic>|<seq>`. */
export const NOTIFY_CHANNEL = "realtime";

export interface RealtimeEvent {
  seq: number;
  type: string;
  data: unknown;
}

/** Event types are SSE event names: no spaces or line breaks. */
const TYPE_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

/** A topic and an event type every publisher may write (else a programming error, thrown). */
function checkEvent(topic: string, type: string): void {
  if (!isValidTopic(topic)) throw new Error(`invalid realtime topic ${JSON.stringify(topic)}`);
  if (!TYPE_PATTERN.test(type)) throw new Error(`invalid realtime event type ${JSON.stringify(type)}`);
}

/**
 * Publishes an event on a topic. Pass the business transaction as `db`: the event gets its
 * sequence number and its row in that transaction and is delivered (NOTIFY) only when it commits;
 * a rollback publishes nothing. One statement: the topic's head is bumped (its row lock makes
 * concurrent publishers of the topic queue until commit, so numbers follow commit order with no
 * gap), the event is stored and the notification queued. Its time is the statement's
 * (`clock_timestamp()`, taken after the topic's lock), not the transaction's start, so times grow
 * with sequence numbers within a topic and pruning by age never cuts a hole in the middle. Publish last in the transaction, and to
 * several topics in sorted order (no deadlock between two transactions on topic rows).
 */
export async function publish({
  db,
  topic,
  type,
  data,
}: {
  db: Db;
  topic: string;
  type: string;
  data: unknown;
}): Promise<{ seq: number }> {
  checkEvent(topic, type);
  const [row] = await queryRows<{ seq: string | number }>(
    db,
    sql`with head as (
          insert into realtime_topics (topic, last_seq) values (${topic}, 1)
          on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
          returning last_seq
        ), event as (
          insert into realtime_events (topic, seq, type, data, created_at)
          select ${topic}, last_seq, ${type}, ${JSON.stringify(data ?? null)}::jsonb, clock_timestamp()
          from head
          returning seq
        )
        select seq, pg_notify(${NOTIFY_CHANNEL}, ${topic} || '|' || seq) from event`,
  );
  return { seq: Number(row!.seq) };
}

/**
 * `publish` for many topics at once, one event each, in one statement (a notification's fan-out
 * chunk tells each recipient's account stream, ADR 0044): the topics' heads are bumped in sorted
 * order (no deadlock with another publisher of several topics), the events stored and the
 * notifications queued. The same rules as `publish`: pass the business transaction, call it last.
 */
export async function publishToMany({
  db,
  type,
  events,
}: {
  db: Db;
  type: string;
  events: readonly { topic: string; data: unknown }[];
}): Promise<void> {
  if (events.length === 0) return;
  const byTopic = new Map<string, unknown>();
  for (const event of events) {
    checkEvent(event.topic, type);
    if (byTopic.has(event.topic)) throw new Error(`one event per topic: ${event.topic}`);
    byTopic.set(event.topic, event.data ?? null);
  }
  const rows = JSON.stringify(
    [...byTopic.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([topic, data]) => ({ topic, data })),
  );
  await queryRows(
    db,
    sql`with input as (
          select r.topic, r.data, r.ord
          from jsonb_array_elements(${rows}::jsonb) with ordinality as e(value, ord),
               lateral (select e.value->>'topic' as topic, e.value->'data' as data, e.ord) r
        ), heads as (
          insert into realtime_topics (topic, last_seq)
          select topic, 1 from input order by ord
          on conflict (topic) do update set last_seq = realtime_topics.last_seq + 1
          returning topic, last_seq
        ), stored as (
          insert into realtime_events (topic, seq, type, data, created_at)
          select h.topic, h.last_seq, ${type}, i.data, clock_timestamp()
          from heads h join input i on i.topic = h.topic
          returning topic, seq
        )
        select count(pg_notify(${NOTIFY_CHANNEL}, topic || '|' || seq)) from stored`,
  );
}

/** A notification payload that carries a transient event itself (`~{json}`), not a sequence. */
export const TRANSIENT_PREFIX = "~";
/** A transient event's JSON fits well inside NOTIFY's 8,000 bytes. */
const TRANSIENT_MAX_BYTES = 2_000;

/**
 * A transient event (ADR 0044's 「入力中…」): told to the topic's open streams in every
 * process through the same NOTIFY channel, never stored, never replayed, no sequence — a stream
 * that was not open misses it, as it should. Outside a transaction: it is not the consequence of
 * anything that commits.
 */
export async function publishTransient({
  db,
  topic,
  type,
  data,
}: {
  db: Db;
  topic: string;
  type: string;
  data: unknown;
}): Promise<void> {
  checkEvent(topic, type);
  const payload = `${TRANSIENT_PREFIX}${JSON.stringify({ topic, type, data: data ?? null })}`;
  if (Buffer.byteLength(payload) > TRANSIENT_MAX_BYTES) throw new Error("transient event too large");
  await queryRows(db, sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
}

/** The sequence number of the newest event of a topic (0 when none was ever published). */
export async function topicHead(db: Db, topic: string): Promise<number> {
  const [row] = await queryRows<{ last_seq: string | number }>(
    db,
    sql`select last_seq from realtime_topics where topic = ${topic}`,
  );
  return row ? Number(row.last_seq) : 0;
}

/** Stored events of a topic after `afterSeq`, oldest first, at most `limit`. */
export async function readEvents(
  db: Db,
  topic: string,
  afterSeq: number,
  limit = 500,
): Promise<RealtimeEvent[]> {
  const rows = await queryRows<{ seq: string | number; type: string; data: unknown }>(
    db,
    sql`select seq, type, data from realtime_events
        where topic = ${topic} and seq > ${afterSeq} order by seq limit ${limit}`,
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    type: row.type,
    // PGlite and pg both parse jsonb; a string here would be a driver returning text.
    data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
  }));
}

/** The oldest stored sequence of a topic (null when nothing is stored). */
export async function oldestStoredSeq(db: Db, topic: string): Promise<number | null> {
  const [row] = await queryRows<{ seq: string | number | null }>(
    db,
    sql`select min(seq) as seq from realtime_events where topic = ${topic}`,
  );
  return row?.seq == null ? null : Number(row.seq);
}
