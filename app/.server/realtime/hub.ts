import type { Db } from "../db/client";
import { type RealtimeEvent, readEvents, TRANSIENT_PREFIX, topicHead } from "./publish";

/** A stream's end of the hub: events arrive in sequence order, each once. */
export interface Subscriber {
  deliver(event: RealtimeEvent): void;
  /** A transient event (typing): no sequence, not stored, not replayed (publishTransient). */
  transient?(type: string, data: unknown): void;
  /** The hub is shutting down. */
  close(): void;
}

/** Where notifications come from: one LISTEN per process (listeners.ts). */
export interface NotificationSource {
  /** Calls `onNotify(payload)` for every notification; `onResume` after a lost connection is back. */
  start(handlers: { onNotify(payload: string): void; onResume(): void }): Promise<void>;
  stop(): Promise<void>;
}

interface TopicState {
  topic: string;
  subscribers: Set<Subscriber>;
  /** Resolved once `lastFetched` holds the head read at registration. */
  ready: Promise<void>;
  /** `ready` has resolved: every event committed from now on reaches the subscribers. */
  started: boolean;
  /** Newest sequence read from the database and handed to the subscribers. */
  lastFetched: number;
  /** Newest sequence known to be committed (from notifications); `CATCH_UP` = read until nothing is left. */
  wanted: number;
  /** A notification came while a read was running (the read may have missed its event). */
  notified: boolean;
  draining: boolean;
}

const BATCH = 500;
const CATCH_UP = Number.MAX_SAFE_INTEGER;

export interface HubOptions {
  db: Db;
  source: NotificationSource;
  /** Open streams one account (or one anonymous address) may hold in this process. */
  maxStreamsPerKey?: number;
  /** Interval of the comment lines that keep an idle stream open through proxies. */
  heartbeatMs?: number;
  /**
   * A stream ends after this long (plus up to 10 %, so streams opened together do not all come
   * back at once): the browser reconnects with its Last-Event-ID and is authorised again, so a
   * signed-out session or a lost right does not keep a stream forever.
   */
  maxStreamMs?: number;
  log?: (line: string) => void;
}

/**
 * The in-process fan-out of the realtime channel (ADR 0018). A notification says only "topic T has
 * event N"; the hub reads the new events of T from the database once per process and hands them
 * to every local subscriber of T, in order. Only topics with a local subscriber are read.
 */
export class RealtimeHub {
  readonly db: Db;
  readonly maxStreamsPerKey: number;
  readonly heartbeatMs: number;
  readonly maxStreamMs: number;
  private readonly source: NotificationSource;
  private readonly log: (line: string) => void;
  private readonly topics = new Map<string, TopicState>();
  private readonly streamsPerKey = new Map<string, number>();
  private closed = false;

  constructor({
    db,
    source,
    maxStreamsPerKey = 10,
    heartbeatMs = 20_000,
    maxStreamMs = 30 * 60_000,
    log = (line) => console.log(line),
  }: HubOptions) {
    this.db = db;
    this.heartbeatMs = heartbeatMs;
    this.maxStreamMs = maxStreamMs;
    this.source = source;
    this.maxStreamsPerKey = maxStreamsPerKey;
    this.log = log;
  }

  async start(): Promise<void> {
    await this.source.start({
      onNotify: (payload) => this.onNotify(payload),
      onResume: () => this.catchUpAll(),
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Topics and subscribers of this process. A subscriber counts once its start is known (the
   * topic's head at registration read): an event committed after that reaches it, while one
   * committed between its registration and the head's read is before its start (docs/testing.md
   * "A stream is used once it is registered").
   */
  stats(): { topics: number; subscribers: number } {
    let subscribers = 0;
    for (const state of this.topics.values()) if (state.started) subscribers += state.subscribers.size;
    return { topics: this.topics.size, subscribers };
  }

  /**
   * Takes one of the streams `key` may hold; null when it holds the most already (the newest is
   * refused, ADR 0018); `max` overrides the cap for a kind of stream with its own (signed-out live
   * viewers). Call the returned function once when the stream ends.
   */
  acquire(key: string, max: number = this.maxStreamsPerKey): (() => void) | null {
    const held = this.streamsPerKey.get(key) ?? 0;
    if (held >= max) return null;
    this.streamsPerKey.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.streamsPerKey.get(key) ?? 1) - 1;
      if (now <= 0) this.streamsPerKey.delete(key);
      else this.streamsPerKey.set(key, now);
    };
  }

  /**
   * Registers a subscriber. Resolves when the topic's head at registration is known: every event
   * committed after that point reaches `deliver`; the caller replays what came before from the
   * database (after resolving, so the two overlap rather than leave a hole) and drops repeats by
   * sequence number.
   */
  async subscribe(topic: string, subscriber: Subscriber): Promise<() => void> {
    if (this.closed) throw new Error("the realtime hub is closed");
    let state = this.topics.get(topic);
    if (!state) {
      const created: TopicState = {
        topic,
        subscribers: new Set(),
        ready: Promise.resolve(),
        started: false,
        lastFetched: 0,
        wanted: 0,
        notified: false,
        draining: false,
      };
      created.ready = topicHead(this.db, topic).then((head) => {
        created.lastFetched = Math.max(created.lastFetched, head);
        created.started = true;
      });
      state = created;
      this.topics.set(topic, state);
    }
    state.subscribers.add(subscriber);
    const unsubscribe = () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.subscribers.delete(subscriber);
      if (current.subscribers.size === 0) this.topics.delete(topic);
    };
    try {
      await state.ready;
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** Ends every stream and stops listening (server shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const state of this.topics.values()) for (const subscriber of state.subscribers) subscriber.close();
    this.topics.clear();
    await this.source.stop();
  }

  private onNotify(payload: string): void {
    if (payload.startsWith(TRANSIENT_PREFIX)) {
      this.onTransient(payload);
      return;
    }
    const at = payload.lastIndexOf("|");
    if (at < 0) return;
    const state = this.topics.get(payload.slice(0, at));
    const seq = Number(payload.slice(at + 1));
    if (!state || !Number.isSafeInteger(seq) || seq <= state.lastFetched) return;
    state.notified = true;
    if (seq > state.wanted) state.wanted = seq;
    void this.drain(state);
  }

  /** A transient event goes straight to the topic's local subscribers (nothing to read). */
  private onTransient(payload: string): void {
    let parsed: { topic?: unknown; type?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(payload.slice(TRANSIENT_PREFIX.length));
    } catch {
      return;
    }
    if (typeof parsed.topic !== "string" || typeof parsed.type !== "string") return;
    const state = this.topics.get(parsed.topic);
    if (!state) return;
    for (const subscriber of [...state.subscribers]) subscriber.transient?.(parsed.type, parsed.data ?? null);
  }

  /** After the LISTEN connection was lost: notifications of the gap never come, so read them. */
  private catchUpAll(): void {
    for (const state of this.topics.values()) {
      state.wanted = CATCH_UP;
      void this.drain(state);
    }
  }

  private async drain(state: TopicState): Promise<void> {
    if (state.draining) return;
    state.draining = true;
    let failed = false;
    try {
      await state.ready;
      while (state.wanted > state.lastFetched && this.topics.get(state.topic) === state) {
        state.notified = false;
        const events = await readEvents(this.db, state.topic, state.lastFetched, BATCH);
        for (const event of events) {
          if (event.seq <= state.lastFetched) continue;
          state.lastFetched = event.seq;
          for (const subscriber of [...state.subscribers]) subscriber.deliver(event);
        }
        // All that is stored was read, and no commit was announced meanwhile: done (a notification
        // never names an uncommitted event). Announced meanwhile: read again.
        if (events.length < BATCH && !state.notified)
          state.wanted = Math.min(state.wanted, state.lastFetched);
      }
    } catch (error) {
      failed = true;
      if (!this.closed && this.topics.get(state.topic) === state) {
        this.log(`[realtime] reading ${state.topic} failed: ${(error as Error).message}; retrying in 1 s`);
        setTimeout(() => {
          state.wanted = CATCH_UP;
          void this.drain(state);
        }, 1_000).unref();
      }
    } finally {
      state.draining = false;
    }
    // A notification that came during the last read.
    if (!failed && state.wanted > state.lastFetched && this.topics.get(state.topic) === state)
      void this.drain(state);
  }
}
