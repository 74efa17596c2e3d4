import { redirect } from "react-router";
import { clearLoginUserType } from "~/.server/http/login-user-type";
import { signOut } from "~/.server/services/accounts/sign-out";
import type { Route } from "./+types/logout";

/** POST /logout from any mypage: ends the session and forgets the last role used. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut({ auth: context.auth, request });
  headers.append("Set-Cookie", clearLoginUserType());
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
