import type { LogAction, LogTarget } from "~/domain/store-logs";
import type { Tx } from "../../db/client";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import type { RenderedMail } from "../../integrations/mail/render";
import { writeLog } from "../shared/write-log";
import type { SignedInOperator } from "./operator-actor";
import { type AuditEntry, writeAudit } from "./write-audit";

/**
 * What every operator change to a store or its performers leaves behind, in the change's own
 * transaction (ADR 0033): a line in the store's activity log (the store sees that the operator
 * acted), the audit row (who, what, when), and — when there is one — the notice mailed to the
 * store through the queue (ADR 0015).
 */
export async function recordOperatorChange(
  tx: Tx,
  {
    actor,
    store,
    log,
    audit,
    mail,
    now,
  }: {
    actor: SignedInOperator;
    store: { uid: string; email: string };
    log?: { action: LogAction; targetType: LogTarget; targetId: string; description: string };
    audit: AuditEntry;
    mail?: { mailer: Mailer; kind: string; content: RenderedMail };
    now: Date;
  },
): Promise<void> {
  if (log) await writeLog(tx, { liverId: store.uid, actorUid: actor.uid, ...log, now });
  await writeAudit(tx, actor, audit);
  if (mail && store.email)
    await mail.mailer.send(
      { kind: mail.kind, to: store.email, ...mail.content, meta: { role: "liver", uid: store.uid } },
      { tx },
    );
}

/** The links every notice to a store carries: its back office and the contact form. */
export function storeNoticeLinks(env: Pick<Env, "baseUrl">, path = "/liver/mypage") {
  return { url: `${env.baseUrl}${path}`, contactUrl: `${env.baseUrl}/contact` };
}
