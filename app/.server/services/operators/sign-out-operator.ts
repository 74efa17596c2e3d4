import type { Auth } from "../../auth/create-auth";
import type { Db } from "../../db/client";
import { signOut } from "../accounts/sign-out";
import type { SignedInOperator } from "./operator-actor";
import { writeAudit } from "./write-audit";

/** Ends the operator's session (its operator_sessions row goes with it) and records the logout. */
export async function signOutOperator({
  db,
  auth,
  actor,
  request,
}: {
  db: Db;
  auth: Auth;
  actor: SignedInOperator;
  request: Request;
}): Promise<Headers> {
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, { action: "logout", targetType: "operator", targetId: actor.uid });
  });
  return signOut({ auth, request });
}
