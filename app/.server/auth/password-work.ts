import { hashPassword, verifyPassword } from "./passwords";

let dummy: Promise<string> | null = null;

/**
 * The work of checking a password (scrypt) against a hash nobody's password matches: spent when
 * a request is refused without a real check, so the answer's timing does not tell that the
 * account does not exist, or is one that this door does not open.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("no-such-account-password");
  await verifyPassword({ hash: await dummy, password });
}
