import { roleRefusal } from "~/domain/permissions";
import { type StaffAccountInput, StaffAccountSchema } from "~/domain/staff-account";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { insertStaffAccount, type StaffTemplate } from "../shared/insert-staff-account";
import { findManagedStaff } from "../shared/staff-access";
import { logStaffAction } from "../shared/write-log";

export type CreateStaffResult =
  | { ok: true; uid: string }
  | {
      ok: false;
      error: "forbidden" | "template_not_found" | "limit_reached" | "login_id_taken" | "store_unavailable";
    };

class Abort extends Error {
  constructor(readonly reason: "limit_reached" | "login_id_taken" | "store_unavailable") {
    super(reason);
  }
}

/** The profile fields a template passes on: what describes the kind of cast, not the person. */
export function templateOf(staff: StaffTemplate): StaffTemplate {
  return {
    age: staff.age,
    height: staff.height,
    blood_type: staff.blood_type,
    bust_type: staff.bust_type,
    type_type: staff.type_type,
    karaoke_type: staff.karaoke_type,
    alcohol_type: staff.alcohol_type,
    smoke_type: staff.smoke_type,
    personality_type: staff.personality_type,
    introduction: staff.introduction,
    published_profile: staff.published_profile,
  };
}

/**
 * A store creates a staff account itself (ADR 0021: `login_id` + password), optionally starting
 * from the profile of one of its own staff (`templateId`, spec `/liver/mypage/staff/create/{id}`).
 * The account counts against `limit_staff` (ADR 0007 message when full); the creation is logged.
 */
export async function createStaff({
  db,
  actor,
  input,
  templateId,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: StaffAccountInput;
  templateId?: string | null;
  now?: Date;
}): Promise<CreateStaffResult> {
  const refused = roleRefusal(actor, "staff.create");
  if (refused) return { ok: false, error: refused };
  const data = StaffAccountSchema.parse(input);
  let template: StaffTemplate = {};
  if (templateId) {
    const source = await findManagedStaff(db, actor, "staff.profile.read", templateId);
    if (!source.ok) return { ok: false, error: "template_not_found" };
    template = templateOf(source.staff);
  }
  try {
    const uid = await db.transaction(async (tx) => {
      const created = await insertStaffAccount(tx, { liverId: actor.uid, input: data, template });
      if (!created.ok) throw new Abort(created.error);
      await logStaffAction(tx, {
        storeId: actor.uid,
        staffId: created.uid,
        action: "created",
        description: LOG_DESCRIPTIONS.staffCreated(data.name),
        now,
      });
      return created.uid;
    });
    return { ok: true, uid };
  } catch (error) {
    if (error instanceof Abort) return { ok: false, error: error.reason };
    if (isUniqueViolation(error)) return { ok: false, error: "login_id_taken" };
    throw error;
  }
}
