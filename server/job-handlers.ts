import type { Db } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import type { Mailer } from "~/.server/integrations/mail/mailer";
import { billingPort } from "~/.server/integrations/payments/billing";
import type { PushPort } from "~/.server/integrations/push/push-port";
import type { ObjectStorage } from "~/.server/integrations/storage/object-storage";
import type { JobHandlers } from "~/.server/jobs/job-runner";
import { pruneRealtimeEvents, REALTIME_RETENTION_MS } from "~/.server/realtime/prune";
import { purgeAgeDocuments } from "~/.server/services/age-verification/purge-age-documents";
import { renewStorePlans } from "~/.server/services/billing/renew-store-plans";
import { expireCoins } from "~/.server/services/ledger/expire-coins";
import { sweepLives, watchLive } from "~/.server/services/live/watch-live";
import { settleAbandonedMails } from "~/.server/services/mail/settle-abandoned-mails";
import { publishDueNews } from "~/.server/services/news/publish-due-news";
import { deliverPushes } from "~/.server/services/notifications/deliver-pushes";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import { flushNotificationSummaries } from "~/.server/services/notifications/flush-notification-summaries";
import { sendShiftSummaries } from "~/.server/services/notifications/send-shift-summaries";
import { pruneExpiredRecords } from "~/.server/services/platform/prune-expired-records";
import { dispatchSnsImports } from "~/.server/services/sns/dispatch-sns-imports";
import { importSnsLink } from "~/.server/services/sns/import-sns-link";
import type { SnsContext } from "~/.server/services/sns/sns-context";

/**
 * The handler of every queue, wired to this process's database and ports: the job → use case
 * wiring lives here, in the server's composition root, so the queue platform (app/.server/jobs)
 * and the database's queue (app/.server/db/queue) import no use case.
 */
export function createJobHandlers({
  db,
  mailer,
  env,
  fanOutParallel = 1,
  sns,
  push,
  storage,
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
  /** The object storage (identity document pictures); a process without it cannot purge them. */
  storage?: ObjectStorage;
}): JobHandlers {
  const notifications = () => {
    if (!env) throw new Error("notification jobs need the environment (createJobHandlers({ env }))");
    return { db, mailer, env, parallel: fanOutParallel };
  };
  return {
    "mail.deliver": async ({ mailId }, job) => mailer.deliver(mailId, { final: job.final }),
    "notification.fanout": async ({ eventId }) => fanOutNotification(notifications(), eventId),
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
    "live.watch": async ({ liveId }) => watchLive({ db, liveId }),
    "live.sweep": async () => sweepLives({ db }),
    "coins.expire": async () => {
      if (!env) throw new Error("coins.expire needs the environment (createJobHandlers({ env }))");
      return expireCoins({ db, mailer, baseUrl: env.baseUrl });
    },
    "billing.renew": async () => {
      if (!env?.payments) throw new Error("billing.renew needs the environment (createJobHandlers({ env }))");
      return renewStorePlans({ db, mailer, baseUrl: env.baseUrl, port: billingPort(env as Env) });
    },
    "age.purge": async () => {
      if (!storage) throw new Error("age.purge: this process has no object storage");
      return purgeAgeDocuments({ db, storage });
    },
    "sns.import": async ({ linkId }, job) => {
      if (!sns) throw new Error("sns.import: this process has no SNS configuration");
      return importSnsLink({ db, mailer, sns, linkId, retrying: job.retryCount > 0 });
    },
  };
}
