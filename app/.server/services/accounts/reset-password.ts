import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/create-auth";

/** Sets a new password with a reset token; the token is consumed (single use). */
export async function resetPassword({
  auth,
  input,
}: {
  auth: Auth;
  input: { token: string; password: string };
}): Promise<{ ok: true } | { ok: false; error: "invalid_token" }> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error)) return { ok: false, error: "invalid_token" };
    throw error;
  }
}
