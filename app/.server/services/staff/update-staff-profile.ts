import { eq } from "drizzle-orm";
import type { StaffProfileInput } from "~/domain/staff-profile";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { staffs, user } from "../../db/schema";
import { findManagedStaff } from "../shared/staff-access";
import { logStaffAction } from "../shared/write-log";

export type UpdateStaffProfileResult = { ok: true } | { ok: false; error: "forbidden" | "not_found" };

/**
 * Saves a staff profile (docs/product.md): by the staff member or by their store, nobody else. The 13
 * matching answers and the published_profile flags are replaced as a whole. A change by the store
 * is written to its activity log; the name is kept on the auth account too (the mypage header).
 */
export async function updateStaffProfile({
  db,
  actor,
  staffId,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  staffId: string;
  input: StaffProfileInput;
  now?: Date;
}): Promise<UpdateStaffProfileResult> {
  return db.transaction(async (tx) => {
    const found = await findManagedStaff(tx, actor, "staff.profile.update", staffId, { lock: true });
    if (!found.ok) return found;
    const { staff } = found;
    await tx
      .update(staffs)
      .set({
        name: input.name,
        name_kana: input.name_kana,
        age: input.age,
        height: input.height,
        birth_of_date: input.birth_of_date === "" ? null : input.birth_of_date,
        blood_type: input.blood_type,
        bust_type: input.bust_type,
        type_type: input.type_type,
        karaoke_type: input.karaoke_type,
        alcohol_type: input.alcohol_type,
        smoke_type: input.smoke_type,
        personality_type: input.personality_type,
        introduction: input.introduction,
        instagram_id: input.instagram_id,
        tiktok_id: input.tiktok_id,
        youtube_id: input.youtube_id,
        followers: input.followers,
        matching_info: input.matching_info,
        published_profile: input.published_profile,
      })
      .where(eq(staffs.uid, staff.uid));
    if (staff.name !== input.name)
      await tx.update(user).set({ name: input.name }).where(eq(user.id, staff.uid));
    if (actor.type === "liver") {
      await logStaffAction(tx, {
        storeId: actor.uid,
        staffId: staff.uid,
        action: "updated",
        description: LOG_DESCRIPTIONS.staffProfile(input.name),
        now,
      });
    }
    return { ok: true } as const;
  });
}
