import type { Db } from "../db/client";
import type { Env } from "../env";
import type { Mailer } from "../integrations/mail/mailer";
import { billingPort } from "../integrations/payments/billing";
import type { PushPort } from "../integrations/push/push-port";
import { pruneRealtimeEvents, REALTIME_RETENTION_MS } from "../realtime/prune";
import { renewStorePlans } from "../services/billing/renew-store-plans";
import { expireCoins } from "../services/ledger/expire-coins";
import { sweepLives, watchLive } from "../services/live/watch-live";
import { settleAbandonedMails } from "../services/mail/settle-abandoned-mails";
import { publishDueNews } from "../services/news/publish-due-news";
import { deliverPushes } from "../services/notifications/deliver-pushes";
import { fanOutNotification } from "../services/notifications/fan-out-notification";
import { flushNotificationSummaries } from "../services/notifications/flush-notification-summaries";
import { sendShiftSummaries } from "../services/notifications/send-shift-summaries";
import { pruneExpiredRecords } from "../services/platform/prune-expired-records";
import { dispatchSnsImports } from "../services/sns/dispatch-sns-imports";
import { importSnsLink } from "../services/sns/import-sns-link";
import type { SnsContext } from "../services/sns/sns-context";
import type { JobHandlers } from "./job-runner";

/** The handler of every queue, wired to this process's database and ports. */
export function createJobHandlers({
  db,
  mailer,
  env,
  fanOutParallel = 1,
  sns,
  push,
}: {
  db: Db;
  mailer: Mailer;
  /** Links and unsubscribe signatures of notification mail; without it those jobs fail (and retry). */
  env?: Pick<Env, "baseUrl" | "authSecret"> & Partial<Pick<Env, "payments">>;
  /** Chunk transactions of a notification fan-out in flight at once (PostgreSQL: FAN_OUT_PARALLEL_PG). */
  fanOutParallel?: number;
  /** The SNS ports and token cipher; a process without them cannot import (the job fails). */
  sns?: SnsContext;
  /** The web push port (VAPID keys); a process without it cannot push (the job fails and retries). */
  push?: PushPort | undefined;
}): JobHandlers {
  const notifications = () => {
    if (!env) throw new Error("notification jobs need the environment (createJobHandlers({ env }))");
    return { db, mailer, env, parallel: fanOutParallel };
  };
  return {
    "mail.deliver": async (data, job) => {
      const mailId = typeof data.mailId === "string" ? data.mailId : "";
      return mailer.deliver(mailId, { final: job.final });
    },
    "notification.fanout": async (data) =>
      fanOutNotification(notifications(), typeof data.eventId === "string" ? data.eventId : ""),
    "notification.flush": async () => flushNotificationSummaries(notifications()),
    "notification.shift": async () => sendShiftSummaries({ db }),
    "push.deliver": async (data, job) => {
      if (!push) throw new Error("push.deliver: this process has no VAPID keys (ADR 0045)");
      const ids = Array.isArray(data.deliveryIds)
        ? data.deliveryIds.filter((id) => typeof id === "string")
        : [];
      return deliverPushes({ db, push, deliveryIds: ids, final: job.final });
    },
    "maintenance.prune": async () => ({
      ...(await pruneExpiredRecords({ db })),
      abandonedMails: await settleAbandonedMails({ db }),
      realtimeEvents: await pruneRealtimeEvents({
        db,
        olderThan: new Date(Date.now() - REALTIME_RETENTION_MS),
      }),
    }),
    "news.publish": async () => publishDueNews({ db }),
    "sns.dispatch": async () => ({ queued: await dispatchSnsImports({ db }) }),
    "live.watch": async (data) =>
      watchLive({ db, liveId: typeof data.liveId === "string" ? data.liveId : "" }),
    "live.sweep": async () => sweepLives({ db }),
    "coins.expire": async () => {
      if (!env) throw new Error("coins.expire needs the environment (createJobHandlers({ env }))");
      return expireCoins({ db, mailer, baseUrl: env.baseUrl });
    },
    "billing.renew": async () => {
      if (!env?.payments) throw new Error("billing.renew needs the environment (createJobHandlers({ env }))");
      return renewStorePlans({ db, mailer, baseUrl: env.baseUrl, port: billingPort(env as Env) });
    },
    "sns.import": async (data, job) => {
      if (!sns) throw new Error("sns.import: this process has no SNS configuration");
      const linkId = typeof data.linkId === "string" ? data.linkId : "";
      return importSnsLink({ db, mailer, sns, linkId, retrying: job.retryCount > 0 });
    },
  };
}
