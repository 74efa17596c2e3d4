import { isAPIError } from "better-auth/api";
import type { Auth } from "../../auth/create-auth";

/** Marks the address of a verification token as verified. False for an invalid or expired token. */
export async function verifyEmail({ auth, token }: { auth: Auth; token: string }): Promise<boolean> {
  try {
    await auth.api.verifyEmail({ query: { token } });
    return true;
  } catch (error) {
    if (isAPIError(error)) return false;
    throw error;
  }
}
