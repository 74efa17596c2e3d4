import { randomUUID } from "node:crypto";
import { hashPassword } from "~/.server/auth/passwords";
import type { Viewer } from "~/.server/auth/viewer";
import type { Db } from "~/.server/db/client";
import {
  ageVerifications,
  listeners,
  livers,
  type NewLiver,
  type NewStaff,
  staffs,
} from "~/.server/db/schema";
import { insertCredentialUser } from "~/.server/services/shared/insert-credential-user";
import { staffLoginEmail } from "~/domain/staff-account";

/**
 * Accounts for integration tests, written the way registration writes them (auth user +
 * credential + profile row), verified, with one password. Each returns the actor as
 * `requireViewer` would hand it to a service.
 */

export const FACTORY_PASSWORD = "correct-horse-42";

/**
 * One scrypt hash of FACTORY_PASSWORD for every factory account (a real hash, signing in works):
 * hashing costs about 0.1 s of CPU, and the suite makes hundreds of accounts.
 */
let factoryHash: Promise<string> | null = null;
const passwordHash = () => {
  factoryHash ??= hashPassword(FACTORY_PASSWORD);
  return factoryHash;
};

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/**
 * A listener, age-verified unless `ageVerified: false` (ADR 0055: chat needs it; the tests of the
 * verification itself make her without).
 */
export async function makeListener(
  db: Db,
  fields: { nickname?: string; email?: string; ageVerified?: boolean } = {},
): Promise<Viewer> {
  const email = fields.email ?? `listener-${next()}@example.com`;
  const nickname = fields.nickname ?? "たろう";
  const uid = await insertCredentialUser(db, {
    email,
    name: nickname,
    password: FACTORY_PASSWORD,
    passwordHash: await passwordHash(),
    emailVerified: true,
  });
  await db.insert(listeners).values({ uid, email, nickname });
  if (fields.ageVerified !== false)
    await db.insert(ageVerifications).values({
      id: randomUUID(),
      listener_id: uid,
      method: "document",
      status: "verified",
      document_kind: "driver_license",
      birth_date: "1995-04-01",
      decided_at: new Date(),
    });
  return { type: "listener", uid, name: nickname, email };
}

export async function makeLiver(db: Db, fields: Partial<NewLiver> = {}): Promise<Viewer> {
  const email = fields.email ?? `store-${next()}@example.com`;
  const storeName = fields.store_name ?? "クラブ テスト";
  const uid = await insertCredentialUser(db, {
    email,
    name: storeName,
    password: FACTORY_PASSWORD,
    passwordHash: await passwordHash(),
    emailVerified: true,
  });
  await db.insert(livers).values({
    store_name_kana: "クラブ テスト",
    slug: `store-${uid.slice(0, 8)}`,
    limit_staff: 15,
    plan_id: "standard",
    ...fields,
    uid,
    store_name: storeName,
    email,
  });
  return { type: "liver", uid, name: storeName, email };
}

export async function makeStaff(
  db: Db,
  liverId: string,
  fields: Partial<NewStaff> & { login_id?: string } = {},
): Promise<Viewer & { loginId: string }> {
  const uid = randomUUID();
  const loginId = fields.login_id ?? `cast_${next()}`;
  const name = fields.name ?? "ゆい";
  await insertCredentialUser(db, {
    id: uid,
    email: staffLoginEmail(uid),
    name,
    password: FACTORY_PASSWORD,
    passwordHash: await passwordHash(),
    username: loginId,
    emailVerified: true,
  });
  await db.insert(staffs).values({
    name_kana: "ユイ",
    slug: `cast-${uid.slice(0, 8)}`,
    ...fields,
    uid,
    liver_id: liverId,
    name,
    login_id: loginId,
    login_email: staffLoginEmail(uid),
  });
  return { type: "staff", uid, name, email: staffLoginEmail(uid), loginId };
}
