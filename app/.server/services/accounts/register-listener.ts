import { type RegisterListenerInput, RegisterListenerSchema } from "~/domain/listener-registration";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { type RegisterAccountResult, registerAccount } from "./register-account";

export type RegisterResult = RegisterAccountResult;

/** Creates a listener account (auth user + profile in one transaction) and mails the verification link. */
export async function registerListener({
  db,
  env,
  mailer,
  clientIp,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: RegisterListenerInput;
}): Promise<RegisterResult> {
  const data = RegisterListenerSchema.parse(input);
  return registerAccount({
    db,
    env,
    mailer,
    clientIp,
    role: "listener",
    email: data.email,
    name: data.nickname,
    password: data.password,
    insertProfile: async (tx, uid, email) => {
      await tx.insert(listeners).values({ uid, email, nickname: data.nickname });
    },
  });
}
