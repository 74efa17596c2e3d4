import type { Db } from "../db/client";
import type { Mailer } from "../integrations/mail/mailer";
import { pruneRealtimeEvents, REALTIME_RETENTION_MS } from "../realtime/prune";
import { settleAbandonedMails } from "../services/mail/settle-abandoned-mails";
import { publishDueNews } from "../services/news/publish-due-news";
import { pruneExpiredRecords } from "../services/prune-expired-records";
import type { JobHandlers } from "./job-runner";

/** The handler of every queue, wired to this process's database and ports. */
export function createJobHandlers({ db, mailer }: { db: Db; mailer: Mailer }): JobHandlers {
  return {
    "mail.deliver": async (data, job) => {
      const mailId = typeof data.mailId === "string" ? data.mailId : "";
      return mailer.deliver(mailId, { final: job.final });
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
  };
}
