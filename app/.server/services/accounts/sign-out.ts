import type { Auth } from "../../auth/create-auth";

/** Ends the session of the request; returns the headers that clear the cookie. */
export async function signOut({ auth, request }: { auth: Auth; request: Request }): Promise<Headers> {
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return headers;
}
