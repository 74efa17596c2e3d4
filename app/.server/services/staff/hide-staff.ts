import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import { staffHides, staffs } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { staffNoticeMail } from "../../integrations/mail/operator-notice-templates";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";
import { activeStaffHide } from "../shared/staff-hide";
import { changeStaffAsOperator } from "./operator-staff-write";

export type HideStaffResult = { ok: true } | { ok: false; error: "not_found" | "already_hidden" | "deleted" };

/**
 * The operator hides a performer (ADR 0033): she leaves the public lists at once
 * (`is_displayed` false, as the store's own switch does), her store cannot show her again while
 * the hide holds, the store's log says why, the audit log records it, and the store is mailed.
 */
export async function hideStaff({
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
  input: { staffId: string; reason: string };
  now?: Date;
}): Promise<HideStaffResult> {
  return changeStaffAsOperator(db, actor, input.staffId, async (tx, staff, store) => {
    if (staff.status === "deleted") return { ok: false, error: "deleted" } as const;
    if (await activeStaffHide(tx, staff.uid)) return { ok: false, error: "already_hidden" } as const;
    await tx.insert(staffHides).values({
      id: randomUUID(),
      staff_id: staff.uid,
      liver_id: store.uid,
      reason: input.reason,
      was_displayed: staff.is_displayed,
      hidden_by: actor.uid,
      hidden_by_email: actor.email,
      hidden_at: now,
    });
    if (staff.is_displayed)
      await tx
        .update(staffs)
        .set({ is_displayed: false, updated_display_at: now })
        .where(eq(staffs.uid, staff.uid));
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "staffs",
        targetId: staff.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.staffHidden(staff.name, input.reason),
      },
      audit: {
        action: "staff.hide",
        targetType: "staff",
        targetId: staff.uid,
        details: { liver_id: store.uid, reason: input.reason, was_displayed: staff.is_displayed },
      },
      mail: {
        mailer,
        kind: "staff-hidden",
        content: staffNoticeMail({
          kind: "hidden",
          storeName: store.store_name,
          staffName: staff.name,
          reason: input.reason,
          ...storeNoticeLinks(env, "/liver/mypage/staff"),
        }),
      },
    });
    return { ok: true } as const;
  });
}
