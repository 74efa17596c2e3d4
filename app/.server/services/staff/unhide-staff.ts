import { and, eq, isNull } from "drizzle-orm";
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

export type UnhideStaffResult = { ok: true } | { ok: false; error: "not_found" | "not_hidden" };

/**
 * The operator lifts its hide of a performer: she is shown or hidden as her store had chosen
 * before (`was_displayed`), and the store decides again from then on; the store is told by mail.
 */
export async function unhideStaff({
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
  input: { staffId: string };
  now?: Date;
}): Promise<UnhideStaffResult> {
  return changeStaffAsOperator(db, actor, input.staffId, async (tx, staff, store) => {
    const hide = await activeStaffHide(tx, staff.uid);
    if (!hide) return { ok: false, error: "not_hidden" } as const;
    await tx
      .update(staffHides)
      .set({ lifted_at: now, lifted_by: actor.uid, lifted_by_email: actor.email })
      .where(and(eq(staffHides.id, hide.id), isNull(staffHides.lifted_at)));
    const displayed = staff.status === "public" && hide.was_displayed;
    if (displayed !== staff.is_displayed)
      await tx
        .update(staffs)
        .set({ is_displayed: displayed, updated_display_at: now })
        .where(eq(staffs.uid, staff.uid));
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "updated",
        targetType: "staffs",
        targetId: staff.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.staffShown(staff.name),
      },
      audit: {
        action: "staff.unhide",
        targetType: "staff",
        targetId: staff.uid,
        details: { liver_id: store.uid, is_displayed: displayed },
      },
      // A deleted performer's store is not told she is "shown" again.
      mail:
        staff.status === "public"
          ? {
              mailer,
              kind: "staff-shown",
              content: staffNoticeMail({
                kind: "shown",
                storeName: store.store_name,
                staffName: staff.name,
                ...storeNoticeLinks(env, "/liver/mypage/staff"),
              }),
            }
          : undefined,
    });
    return { ok: true } as const;
  });
}
