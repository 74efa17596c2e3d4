import { eq } from "drizzle-orm";
import { NicknameSchema } from "~/domain/account-settings";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners, user } from "../../db/schema";

export type ChangeNicknameResult = { ok: true; nickname: string } | { ok: false; error: "forbidden" };

/**
 * A listener's nickname: the profile's `nickname` and the auth user's `name` (shown in the header)
 * change together or not at all. Acts only on the actor's own account.
 */
export async function changeNickname({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { nickname: string };
}): Promise<ChangeNicknameResult> {
  const refused = roleRefusal(actor, "listener.profile.update");
  if (refused) return { ok: false, error: refused };
  const { nickname } = NicknameSchema.parse(input);
  await db.transaction(async (tx) => {
    await tx.update(listeners).set({ nickname }).where(eq(listeners.uid, actor.uid));
    await tx.update(user).set({ name: nickname }).where(eq(user.id, actor.uid));
  });
  return { ok: true, nickname };
}
