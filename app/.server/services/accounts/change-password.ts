import { isAPIError } from "better-auth/api";
import { PasswordChangeSchema } from "~/domain/account-settings";
import type { Auth } from "../../auth/create-auth";
import type { Viewer } from "../../auth/viewer";

export type ChangePasswordResult =
  | { ok: true; headers: Headers }
  | { ok: false; error: "wrong_password" | "forbidden" };

/**
 * Changes the password of the session's account after checking the current one (better-auth's
 * `changePassword`). Every session of the account ends and a new one is made for this device: its
 * cookie comes back in `headers`, which the caller must forward. The session of `headers` must be
 * the actor's.
 */
export async function changePassword({
  auth,
  actor,
  headers,
  input,
}: {
  auth: Auth;
  actor: Viewer;
  /** The request's headers: the session cookie whose account is changed. */
  headers: Headers;
  input: { current_password: string; password: string; password_confirmation: string };
}): Promise<ChangePasswordResult> {
  const data = PasswordChangeSchema.parse(input);
  const session = await auth.api.getSession({ headers });
  if (!session || session.user.id !== actor.uid) return { ok: false, error: "forbidden" };
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: data.current_password, newPassword: data.password, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD") return { ok: false, error: "wrong_password" };
      if (code === "UNAUTHORIZED") return { ok: false, error: "forbidden" };
    }
    throw error;
  }
}
