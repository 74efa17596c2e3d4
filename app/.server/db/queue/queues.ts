import { z } from "zod";

/**
 * Every background job the platform runs, with its queue policy (ADR 0015). A queue is created
 * when the database is migrated; a job sent to a queue that does not exist would be dropped.
 */
export const JOB_QUEUES = {
  /** Hands one `mail_outbox` row to SMTP; retried with a doubling wait, then `failed`. */
  "mail.deliver": { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /**
   * Mails the recipients of one notification event in chunks (ADR 0025); a retry resumes at the
   * event's cursor and writes nothing twice. 100,000 recipients take well under a minute.
   */
  "notification.fanout": { retryLimit: 6, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
  /**
   * Sends up to 50 pushes to devices (ADR 0045); a retry sends only the deliveries still pending
   * (429, 5xx, no answer), with a doubling wait: about 2 hours over its 6 attempts.
   */
  "push.deliver": { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  /** The daily 「本日出勤」 summaries of listeners whose hour has come (every 10 minutes). */
  "notification.shift": { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Sends the hourly summaries whose window is over (every minute). */
  "notification.flush": { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
  /** Removes expired rate-limit windows, challenges, tokens and old realtime events; settles abandoned mails (hourly). */
  "maintenance.prune": { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** Requests the mail of scheduled news whose time has come (every minute; exactly once per news). */
  "news.publish": { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  /** Queues an `sns.import` for every active linked account whose `next_import_at` has come (every minute). */
  "sns.dispatch": { retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 120 },
  /**
   * Imports new media of one linked account. `stately` with the link id as singleton key: at most
   * one queued and one running per link, so two imports of one link (and two rotations of its
   * TikTok refresh token) never run at once. A network error is retried; 429 is not an error.
   */
  "sns.import": {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    policy: "stately",
  },
  /**
   * Looks at one live every 5 s (ADR 0031): viewer count, and the end of a live whose broadcaster
   * has been gone for 30 s. Each run queues the next; `stately` with the live id as singleton key.
   */
  "live.watch": { retryLimit: 5, retryDelay: 2, retryBackoff: false, expireInSeconds: 60, policy: "stately" },
  /** Ends lives whose watch chain broke (every minute; a safety net). */
  "live.sweep": { retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 120 },
  /** Books out paid coins past their 180 days and mails the 14-day notices (hourly, ADR 0032). */
  "coins.expire": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  /** Deletes identity document pictures 30 days after their decision (hourly, ADR 0055). */
  "age.purge": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  /** Renews test-provider plans, schedules Stripe plan changes, reminds and suspends unpaid stores (hourly, ADR 0037). */
  "billing.renew": { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
} as const satisfies Record<string, QueuePolicy>;

export type JobName = keyof typeof JOB_QUEUES;

const id = z.string().min(1).max(200);
const none = z.object({}).strict();

/**
 * What each queue's job carries, checked when it is queued (a wrong payload throws in the
 * transaction of its cause) and again when it runs (a job written by an older version that no
 * longer fits fails at once instead of doing something else).
 */
export const JOB_DATA = {
  "mail.deliver": z.object({ mailId: id }).strict(),
  "notification.fanout": z.object({ eventId: id }).strict(),
  "notification.flush": none,
  "notification.shift": none,
  "push.deliver": z.object({ deliveryIds: z.array(id).min(1).max(100) }).strict(),
  "maintenance.prune": none,
  "news.publish": none,
  "sns.dispatch": none,
  "sns.import": z.object({ linkId: id }).strict(),
  "live.watch": z.object({ liveId: id }).strict(),
  "live.sweep": none,
  "coins.expire": none,
  "billing.renew": none,
  "age.purge": none,
} as const satisfies Record<JobName, z.ZodType>;

export type JobData<N extends JobName> = z.output<(typeof JOB_DATA)[N]>;

export interface QueuePolicy {
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` each retry waits about twice as long. */
  retryDelay: number;
  retryBackoff: boolean;
  /** An active job not finished after this long counts as a failed attempt (its process died). */
  expireInSeconds: number;
  /** pg-boss queue policy (default `standard`); `stately` de-duplicates by singleton key. */
  policy?: "standard" | "short" | "singleton" | "stately";
}

/** Cron-like schedules (minute hour day month weekday, Asia/Tokyo). One job per tick, cluster-wide. */
export const JOB_SCHEDULES: { name: JobName; cron: string }[] = [
  { name: "maintenance.prune", cron: "7 * * * *" },
  { name: "notification.flush", cron: "* * * * *" },
  { name: "notification.shift", cron: "*/10 * * * *" },
  { name: "news.publish", cron: "* * * * *" },
  // Each link is due SNS_IMPORT_INTERVAL_MIN minutes after its last run; the dispatcher only looks.
  { name: "sns.dispatch", cron: "* * * * *" },
  { name: "live.sweep", cron: "* * * * *" },
  { name: "coins.expire", cron: "17 * * * *" },
  { name: "billing.renew", cron: "23 * * * *" },
  { name: "age.purge", cron: "37 * * * *" },
];

export const JOB_TIME_ZONE = "Asia/Tokyo";

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const JOB_SCHEMA = "pgboss";
