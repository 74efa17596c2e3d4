import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { staffHides } from "../../db/schema";

/**
 * The operator's hide of a performer that holds now, if any (ADR 0033). While it holds, her
 * store cannot show her again (services/staff/set-staff-display.ts asks here).
 */
export async function activeStaffHide(db: Db | Tx, staffId: string) {
  const [row] = await db
    .select({
      id: staffHides.id,
      reason: staffHides.reason,
      was_displayed: staffHides.was_displayed,
      hidden_at: staffHides.hidden_at,
      hidden_by_email: staffHides.hidden_by_email,
    })
    .from(staffHides)
    .where(and(eq(staffHides.staff_id, staffId), isNull(staffHides.lifted_at)))
    .limit(1);
  return row ?? null;
}
