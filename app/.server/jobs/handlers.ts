import type { Db } from "../db/client";
import type { Mailer } from "../integrations/mail/mailer";
import { pruneRealtimeEvents, REALTIME_RETENTION_MS } from "../realtime/prune";
import { settleAbandonedMails } from "../services/mail/settle-abandoned-mails";
import { pruneExpiredRecords } from "../services/prune-expired-records";
import { dispatchSnsImports } from "../services/sns/dispatch-sns-imports";
import { importSnsLink } from "../services/sns/import-sns-link";
import type { SnsContext } from "../services/sns/sns-context";
import type { JobHandlers } from "./job-runner";

/** The handler of every queue, wired to this process's database and ports. */
export function createJobHandlers({
  db,
  mailer,
  sns,
}: {
  db: Db;
  mailer: Mailer;
  /** The SNS ports and token cipher; a process without them cannot import (the job fails). */
  sns?: SnsContext;
}): JobHandlers {
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
    "sns.dispatch": async () => ({ queued: await dispatchSnsImports({ db }) }),
    "sns.import": async (data, job) => {
      if (!sns) throw new Error("sns.import: this process has no SNS configuration");
      const linkId = typeof data.linkId === "string" ? data.linkId : "";
      return importSnsLink({ db, mailer, sns, linkId, retrying: job.retryCount > 0 });
    },
  };
}
