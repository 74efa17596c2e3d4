import type { AppLoadContext } from "react-router";
import { requireOperator } from "../auth/viewer";
import type { SignedInOperator } from "../services/operators/operator-actor";

/**
 * The guard of every `/admin` loader and action (docs/product.md, ADR 0033): the signed-in operator as the
 * services take it, with the client's address for the audit log. Anyone else is sent to
 * `/admin/login?from=…`.
 */
export async function operatorActor(request: Request, context: AppLoadContext): Promise<SignedInOperator> {
  const viewer = await requireOperator(request, context);
  return { uid: viewer.uid, email: viewer.email, ip: context.clientIp };
}
