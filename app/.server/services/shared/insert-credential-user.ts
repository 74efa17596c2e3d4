import { randomUUID } from "node:crypto";
import { hashPassword } from "../../auth/passwords";
import type { Db, Tx } from "../../db/client";
import { account, user } from "../../db/schema";

/**
 * Inserts an auth user with an e-mail/password credential exactly as better-auth's sign-up does
 * (same scrypt hash, provider "credential"), but inside the caller's transaction, so the profile
 * row of the role and the account are written together or not at all.
 */
export async function insertCredentialUser(
  tx: Tx | Db,
  input: {
    /** A uid chosen by the caller (when other rows need it first); a fresh one otherwise. */
    id?: string;
    email: string;
    name: string;
    /** The password, hashed here; or `passwordHash`, one already made (many accounts, one password: the seed, test factories). */
    password: string;
    passwordHash?: string;
    username?: string;
    emailVerified?: boolean;
  },
): Promise<string> {
  const id = input.id ?? randomUUID();
  await tx.insert(user).values({
    id,
    email: input.email.toLowerCase(),
    name: input.name,
    emailVerified: input.emailVerified ?? false,
    username: input.username?.toLowerCase(),
    displayUsername: input.username,
  });
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: input.passwordHash ?? (await hashPassword(input.password)),
  });
  return id;
}
