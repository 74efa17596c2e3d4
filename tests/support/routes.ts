import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { createAuth } from "~/.server/auth/create-auth";
import type { Db } from "~/.server/db/client";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { imageStorage } from "~/.server/integrations/storage/image-storage";
import { signIn } from "~/.server/services/accounts/sign-in";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import type { AccountRole } from "~/domain/account-roles";

/**
 * Calling route modules' loaders and actions as React Router does, with a real load context (the
 * database under test, better-auth, the mailer's outbox, image storage in a temporary DATA_DIR)
 * and real session cookies: pages and JSON endpoints are tested with their guards, without a
 * browser or a running server.
 */

export interface RouteContext {
  context: AppLoadContext;
  dataDir: string;
}

export function routeContext(db: Db): RouteContext {
  const dataDir = mkdtempSync(path.join(tmpdir(), "routes-test-"));
  const env = parseEnv({
    AUTH_SECRET: "integration-test-secret-0123456789abcdef",
    BASE_URL: "http://localhost:3999",
    DATA_DIR: dataDir,
  });
  const mailer = createMailer({ db, env });
  const storage = diskObjectStorage(path.join(dataDir, "uploads"));
  const context = {
    db,
    env,
    auth: createAuth({ db, env, mailer, onEmailVerified: (uid) => publishVerifiedStore({ db, uid }) }),
    mailer,
    images: imageStorage(storage),
    storage,
    clientIp: "192.0.2.10",
    fromLoopback: false,
    nonce: "test",
  } as AppLoadContext;
  return { context, dataDir };
}

let ipSeq = 0;

/** The Cookie header of a signed-in browser of `role` (identifier: e-mail, or login_id for staff). */
export async function sessionCookie(
  context: AppLoadContext,
  role: AccountRole,
  identifier: string,
  password: string,
): Promise<string> {
  const result = await signIn({
    db: context.db,
    auth: context.auth,
    clientIp: `198.51.100.${(ipSeq++ % 250) + 1}`,
    input: { role, identifier, password },
  });
  if (!result.ok) throw new Error(`sign-in failed: ${result.error}`);
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export interface Answer {
  status: number;
  /** The body of a `data(...)` answer or of a JSON response. */
  body: unknown;
  /** Where a redirect goes. */
  location: string | null;
}

/** A DataWithResponseInit (from `data()`), a Response, or a plain object → status, body, location. */
async function normalise(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const type = value.headers.get("content-type") ?? "";
    return {
      status: value.status,
      body: type.includes("json") ? await value.json() : null,
      location: value.headers.get("location"),
    };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, location: null };
  }
  return { status: 200, body: value, location: null };
}

interface RouteArgs {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string>;
  url: URL;
  pattern: string;
}
/** Any route module's loader or action (their argument types are generated per route). */
type RouteFunction = (args: never) => unknown;

/** Calls a loader or action; a thrown Response (redirect, 404) is an answer too. */
export async function call(
  fn: RouteFunction,
  {
    context,
    url,
    cookie,
    method = "GET",
    body,
    headers = {},
    params = {},
  }: {
    context: AppLoadContext;
    url: string;
    cookie?: string;
    method?: string;
    body?: BodyInit;
    headers?: Record<string, string>;
    params?: Record<string, string>;
  },
): Promise<Answer> {
  const request = new Request(new URL(url, "http://localhost:3999"), {
    method,
    body,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    duplex: "half",
  } as RequestInit);
  try {
    const run = fn as (args: RouteArgs) => unknown;
    return await normalise(await run({ request, context, params, url: new URL(request.url), pattern: "" }));
  } catch (thrown) {
    if (thrown instanceof Response) return normalise(thrown);
    throw thrown;
  }
}

/** A form body from plain values (arrays repeat the name, as checkbox groups do). */
export function form(
  values: Record<string, string | string[] | Blob | undefined>,
  files: Record<string, File> = {},
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) data.append(name, item);
    else data.append(name, value);
  }
  for (const [name, file] of Object.entries(files)) data.append(name, file);
  return data;
}
