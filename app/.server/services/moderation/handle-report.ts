import { eq } from "drizzle-orm";
import { formatSuspensionEnd, suspensionEndsAt } from "~/domain/account-suspensions";
import { formatAdminDateTime } from "~/domain/admin";
import type { HandleReportInput, ReportKind } from "~/domain/reports";
import type { Db, Tx } from "../../db/client";
import { liveCommentReports, roomReports } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import {
  accountBlockedMail,
  accountSuspendedMail,
  reportOutcomeMail,
  reportWarningMail,
} from "../../integrations/mail/report-templates";
import { recordNotification } from "../notifications/record-notification";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { placeAccountSuspension } from "../shared/account-suspension";
import { loadReportAccounts, type ReportAccount } from "./report-accounts";
import { findReport } from "./report-rows";

export type HandleReportResult = { ok: true } | { ok: false; error: "not_found" | "already_handled" };

/**
 * The operator decides a report (ADR 0033, ADR 0030, ADR 0039), in one transaction under the
 * report's row lock: `dismissed` closes it; `warned` mails the reported account the operator's
 * note; `blocked` stops the account until an operator lifts it, `suspended` for `days` days (no
 * sign-in, every session ended; the end date in the mail), both mailed with the note. The reporter
 * is told the outcome (never the note) by mail and in-app, and the audit log records who decided what. A report is
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
  // The form's confirmation step (ADR 0053) is the page's business, not the decision's.
  input: { kind: ReportKind; reportId: string } & Omit<HandleReportInput, "days" | "confirm"> & {
      days?: number | undefined;
    };
  now?: Date;
}): Promise<HandleReportResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const report = await findReport(tx, input.kind, input.reportId, { lock: true });
    if (!report) return { ok: false, error: "not_found" } as const;
    if (report.status !== "open") return { ok: false, error: "already_handled" } as const;
    const note = input.outcome === "dismissed" ? "" : input.note;
    const days = input.outcome === "suspended" ? input.days : undefined;
    if (input.outcome === "suspended" && days === undefined) throw new Error("a suspension needs its days");
    const endsAt = days === undefined ? null : suspensionEndsAt(now, days);
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
    const placed =
      input.outcome === "blocked" || input.outcome === "suspended"
        ? await placeAccountSuspension(tx, {
            userId: report.reported_id,
            kind: input.outcome === "blocked" ? "block" : "suspension",
            endsAt,
            reason: note,
            report: { kind: input.kind, id: report.report_id },
            by: actor,
            now,
          })
        : null;
    if (reported && input.outcome !== "dismissed") {
      const about = { ...recipient(reported), ...links, kind: input.kind, note };
      if (input.outcome === "warned")
        await mailTo(tx, mailer, reported, "report-warning", reportWarningMail(about));
      else if (input.outcome === "blocked")
        await mailTo(tx, mailer, reported, "account-blocked", accountBlockedMail(about));
      else if (endsAt && days !== undefined)
        await mailTo(
          tx,
          mailer,
          reported,
          "account-suspended",
          accountSuspendedMail({ ...about, days, endsAt: formatSuspensionEnd(endsAt) }),
        );
    }
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
    // Her bell and devices hear of it too (ADR 0044), in this transaction.
    if (reporter && reporter.type !== "unknown")
      await recordNotification(tx, {
        kind: "report_outcome",
        reporterId: reporter.id,
        reporterType: reporter.type,
        outcome: input.outcome,
        at: now,
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
        ...(placed ? { suspension_id: placed.id } : {}),
        ...(endsAt ? { days, ends_at: endsAt.toISOString() } : {}),
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
