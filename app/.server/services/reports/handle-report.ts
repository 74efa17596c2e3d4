import { eq } from "drizzle-orm";
import { formatAdminDateTime } from "~/domain/admin";
import type { HandleReportInput, ReportKind } from "~/domain/reports";
import type { Db, Tx } from "../../db/client";
import { liveCommentReports, roomReports } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import {
  accountSuspendedMail,
  reportOutcomeMail,
  reportWarningMail,
} from "../../integrations/mail/report-templates";
import { assertOperator, type SignedInOperator } from "../admin/operator-actor";
import { writeAudit } from "../admin/write-audit";
import { suspendAccount } from "../shared/account-suspension";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";
import { findReport } from "./report-rows";

export type HandleReportResult = { ok: true } | { ok: false; error: "not_found" | "already_handled" };

/**
 * The operator decides a report (contract §15, ADR 0030), in one transaction under the report's
 * row lock: `dismissed` closes it; `warned` mails the reported account the operator's note;
 * `suspended` blocks the account (no sign-in, every session ended) and mails it why. The reporter
 * is told the outcome (never the note), and the audit log records who decided what. A report is
 * decided once: a second decision (another operator, a double post) is `already_handled`.
 */
export async function handleReport({
  db,
  env,
  mailer,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Pick<Env, "baseUrl">;
  mailer: Mailer;
  actor: SignedInOperator;
  input: { kind: ReportKind; reportId: string } & HandleReportInput;
  now?: Date;
}): Promise<HandleReportResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const report = await findReport(tx, input.kind, input.reportId, { lock: true });
    if (!report) return { ok: false, error: "not_found" } as const;
    if (report.status !== "open") return { ok: false, error: "already_handled" } as const;
    const note = input.outcome === "dismissed" ? "" : input.note;
    const decided = {
      status: "handled" as const,
      outcome: input.outcome,
      outcome_note: note,
      handled_at: now,
      handled_by: actor.uid,
      handled_by_email: actor.email,
    };
    if (input.kind === "room")
      await tx.update(roomReports).set(decided).where(eq(roomReports.report_id, report.report_id));
    else
      await tx
        .update(liveCommentReports)
        .set(decided)
        .where(eq(liveCommentReports.report_id, report.report_id));

    const accounts = await loadReportAccounts(tx, [report.reporter_id, report.reported_id]);
    const reporter = accounts.get(report.reporter_id);
    const reported = accounts.get(report.reported_id);
    const links = { siteUrl: env.baseUrl, contactUrl: `${env.baseUrl}/contact` };
    if (input.outcome === "suspended")
      await suspendAccount(tx, {
        userId: report.reported_id,
        reason: note,
        reportId: report.report_id,
        by: actor,
      });
    if (reported && input.outcome !== "dismissed")
      await mailTo(
        tx,
        mailer,
        reported,
        input.outcome === "warned" ? "report-warning" : "account-suspended",
        {
          ...(input.outcome === "warned" ? reportWarningMail : accountSuspendedMail)({
            ...recipient(reported),
            ...links,
            kind: input.kind,
            note,
          }),
        },
      );
    if (reporter)
      await mailTo(tx, mailer, reporter, "report-outcome", {
        ...reportOutcomeMail({
          ...recipient(reporter),
          ...links,
          kind: input.kind,
          outcome: input.outcome,
          reportedAt: formatAdminDateTime(report.created_at),
        }),
      });
    await writeAudit(tx, actor, {
      action: `report.${input.outcome}`,
      targetType: input.kind === "room" ? "room_report" : "live_comment_report",
      targetId: report.report_id,
      details: {
        reported_id: report.reported_id,
        reporter_id: report.reporter_id,
        place_id: report.place.id,
        ...(note ? { note } : {}),
      },
    });
    return { ok: true } as const;
  });
}

const recipient = (account: ReportAccount) => ({
  greetingName: account.greetingName,
  ...(account.onBehalfOf !== undefined ? { onBehalfOf: account.onBehalfOf } : {}),
});

async function mailTo(
  tx: Tx,
  mailer: Mailer,
  account: ReportAccount,
  kind: string,
  content: { subject: string; text: string; html: string },
) {
  if (!account.mailTo) return;
  await mailer.send(
    { kind, to: account.mailTo, ...content, meta: { role: account.type, uid: account.id } },
    { tx },
  );
}
