import { redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { signOutOperator } from "~/.server/services/operators/sign-out-operator";
import type { Route } from "./+types/logout";

/** POST /admin/logout: ends the operator session, recorded in the audit log. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const headers = await signOutOperator({ db: context.db, auth: context.auth, actor, request });
  return redirect("/admin/login", { headers });
}

export function loader() {
  return redirect("/admin");
}
