import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { username } from "better-auth/plugins";
import { isLoginId } from "~/domain/validators";
import { SITE_NAME } from "~/site";
import type { Db } from "../db/client";
import { account, accountActivity, session, user, verification } from "../db/schema";
import { type Env, usesSecureCookies } from "../env";
import { resetPasswordMail } from "../integrations/mail/account-templates";
import type { Mailer } from "../integrations/mail/mailer";
import { holdsOn } from "./account-hold";
import { roleOfUser } from "./account-role";
import { hashPassword, verifyPassword } from "./passwords";

/** Verification links stay valid for a day; reset links for an hour (ADR 0021). */
export const VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;
export const RESET_EXPIRES_IN_SECONDS = 60 * 60;

/**
 * better-auth, configured for this product: e-mail + password with verification required,
 * `username` (= staff login_id), sessions in the database. Every mail goes through our mail port
 * (queued and delivered in the background, ADR 0015). Rate limits are ours (app/.server/rate-limit),
 * shared by the pages and the JSON endpoint.
 *
 * `onEmailVerified` runs when an address is verified for the first time; the server passes the
 * service that lists a verified store (`publishVerifiedStore`), so auth imports no use case.
 * `clock` is what "now" is for a block or suspension of the account (tests move it, ADR 0039).
 */
export function createAuth({
  db,
  env,
  mailer,
  onEmailVerified,
  clock = () => new Date(),
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  onEmailVerified: (uid: string) => Promise<unknown>;
  clock?: () => Date;
}) {
  return betterAuth({
    appName: SITE_NAME,
    baseURL: env.baseUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    trustedOrigins: [env.baseUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user: account, token }) => {
        const found = await roleOfUser(db, account.id);
        // Operators have no reset mail: their password is set on the command line (ADR 0019).
        if (found === "operator") return;
        const role = found ?? "listener";
        const url = `${env.baseUrl}/${role}/reset?token=${encodeURIComponent(token)}`;
        await mailer.send({
          kind: "reset-password",
          to: account.email,
          ...resetPasswordMail({ name: account.name, url }),
          meta: { role, uid: account.id },
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      afterEmailVerification: async (account) => {
        await onEmailVerified(account.id);
      },
      expiresIn: VERIFICATION_EXPIRES_IN_SECONDS,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    plugins: [
      username({
        minUsernameLength: 4,
        maxUsernameLength: 30,
        usernameValidator: (value) => isLoginId(value),
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          // A blocked account, or one suspended until a date still to come (the operator's decision
          // on a report, ADR 0030/0039), gets no session: every way in (pages, the JSON endpoint)
          // creates one here. Its old sessions were deleted when the block or suspension was placed,
          // and the viewer statement (ADR 0034) checks the same rule for a session that slipped by.
          // A suspension whose end has come holds nothing: the account signs in again by itself.
          before: async (created) => {
            const [hold] = await holdsOn(db, created.userId, clock());
            if (hold)
              throw new APIError("FORBIDDEN", { code: ACCOUNT_SUSPENDED, message: "account suspended" });
          },
          // Every new session is a sign-in (pages, the JSON endpoint, the operator's login): the
          // operator's store list shows when each account last signed in.
          after: async (created) => {
            await db
              .insert(accountActivity)
              .values({ uid: created.userId, last_login_at: created.createdAt })
              .onConflictDoUpdate({
                target: accountActivity.uid,
                set: { last_login_at: created.createdAt },
              });
          },
        },
      },
    },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: "yoru",
      useSecureCookies: usesSecureCookies(env),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The error code of a sign-in refused because the account is blocked or suspended. */
export const ACCOUNT_SUSPENDED = "ACCOUNT_SUSPENDED";
