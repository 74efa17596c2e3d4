import { and, eq, isNull } from "drizzle-orm";
import { OPERATOR_LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Db } from "../../db/client";
import { staffHides } from "../../db/schema/index";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { staffNoticeMail } from "../../integrations/mail/operator-notice-templates";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import type { SignedInOperator } from "../operators/operator-actor";
import { recordOperatorChange, storeNoticeLinks } from "../operators/record-operator-change";
import { deleteStaffAccount } from "../shared/delete-staff-account";
import { changeStaffAsOperator } from "./operator-staff-write";

export type DeleteStaffAsOperatorResult = { ok: true } | { ok: false; error: "not_found" | "deleted" };

/**
 * The operator deletes a performer (ADR 0033): what a store's own deletion does (status
 * deleted, pictures gone, sessions ended, the rest renumbered), plus the reason in the store's
 * log, the audit row and a mail to the store. A hide that held her is closed with it.
 */
export async function deleteStaffAsOperator({
  db,
  env,
  mailer,
  images,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Pick<Env, "baseUrl">;
  mailer: Mailer;
  images: ImageStorage;
  actor: SignedInOperator;
  input: { staffId: string; reason: string };
  now?: Date;
}): Promise<DeleteStaffAsOperatorResult> {
  let pictures: string[] = [];
  const result = await changeStaffAsOperator(db, actor, input.staffId, async (tx, staff, store) => {
    if (staff.status === "deleted") return { ok: false, error: "deleted" } as const;
    pictures = await deleteStaffAccount(tx, staff, now);
    await tx
      .update(staffHides)
      .set({ lifted_at: now, lifted_by: actor.uid, lifted_by_email: actor.email })
      .where(and(eq(staffHides.staff_id, staff.uid), isNull(staffHides.lifted_at)));
    await recordOperatorChange(tx, {
      actor,
      store,
      now,
      log: {
        action: "deleted",
        targetType: "staffs",
        targetId: staff.uid,
        description: OPERATOR_LOG_DESCRIPTIONS.staffDeleted(staff.name, input.reason),
      },
      audit: {
        action: "staff.delete",
        targetType: "staff",
        targetId: staff.uid,
        details: { liver_id: store.uid, reason: input.reason, name: staff.name },
      },
      mail: {
        mailer,
        kind: "staff-deleted",
        content: staffNoticeMail({
          kind: "deleted",
          storeName: store.store_name,
          staffName: staff.name,
          reason: input.reason,
          ...storeNoticeLinks(env, "/liver/mypage/staff"),
        }),
      },
    });
    return { ok: true } as const;
  });
  // After the commit: the row no longer points at them.
  if (result.ok) for (const url of pictures) await images.remove(url);
  return result;
}
