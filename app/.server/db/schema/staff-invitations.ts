import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tstz } from "./columns";
import { livers } from "./livers";
import { staffs } from "./staffs";

/**
 * An invitation link a store issues to a performer (ADR 0011): `/staff/registration?invite=…`.
 * Only the SHA-256 of the token is kept, so a database leak does not leak usable links. An
 * invitation is used once; it expires, and the store may revoke it.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: text("id").primaryKey(),
    liver_id: text("liver_id")
      .notNull()
      .references(() => livers.uid, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    /** What the store noted for itself ("ゆい さん用"); never shown to the invitee. */
    note: text("note").notNull().default(""),
    created_by: text("created_by"),
    created_at: createdAt(),
    expires_at: tstz("expires_at").notNull(),
    used_at: tstz("used_at"),
    used_by: text("used_by").references(() => staffs.uid, { onDelete: "set null" }),
    revoked_at: tstz("revoked_at"),
  },
  (t) => [
    uniqueIndex("staff_invitations_token_hash_key").on(t.token_hash),
    index("staff_invitations_liver_created_idx").on(t.liver_id, t.created_at.desc()),
  ],
);

export type StaffInvitation = typeof staffInvitations.$inferSelect;
