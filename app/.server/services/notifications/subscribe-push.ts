import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import {
  endpointRefusal,
  PUSH_SUBSCRIPTIONS_MAX,
  PUSH_TEXTS,
  PushSubscriptionSchema,
} from "~/domain/web-push";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";
import type { PushEnv } from "../../env";
import { resolvesToPublicOnly } from "../../integrations/push/address-guard";

export type SubscribePushResult =
  | { ok: true; created: boolean }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid"; field: string; message: string };

/**
 * `POST /api/push/subscriptions` (ADR 0045): saves this device's subscription for the account. The
 * shape is the schema's (key lengths, base64url, endpoint ≤ 2 kB); in production the endpoint must
 * be https on an allowed push service and resolve to public addresses only (the server will POST
 * to it). At most 10 devices per account. The endpoint is the device: subscribing it again updates
 * its keys, and a browser used by another account moves to the one that subscribed last.
 */
export async function subscribePush({
  db,
  actor,
  input,
  rules,
  resolve,
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
  rules: PushEnv & { production: boolean };
  /** DNS for the address rule (tests pass their own). */
  resolve?: (host: string) => Promise<{ address: string }[]>;
}): Promise<SubscribePushResult> {
  const refused = roleRefusal(actor, "notification.settings");
  if (refused) return { ok: false, error: refused };
  const parsed = PushSubscriptionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: "invalid",
      field: issue?.path.join(".") || "endpoint",
      message: issue?.message && issue.code !== "invalid_type" ? issue.message : PUSH_TEXTS.invalid,
    };
  }
  const { endpoint, keys } = parsed.data;
  const notAllowed = { ok: false, error: "invalid", field: "endpoint" } as const;
  const refusal = endpointRefusal(endpoint, { production: rules.production, allowHosts: rules.allowHosts });
  if (refusal)
    return {
      ...notAllowed,
      message: refusal === "invalid" ? PUSH_TEXTS.endpointInvalid : PUSH_TEXTS.endpointNotAllowed,
    };
  if (rules.production && !(await resolvesToPublicOnly(new URL(endpoint).hostname, resolve)))
    return { ...notAllowed, message: PUSH_TEXTS.endpointNotAllowed };

  return db.transaction(async (tx) => {
    // One account's subscriptions are counted and written one request at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${actor.uid}`}))`);
    const [count] = await queryRows<{ others: number; mine: boolean }>(
      tx,
      sql`select count(*) filter (where endpoint <> ${endpoint})::int as others,
                 bool_or(endpoint = ${endpoint}) as mine
          from push_subscriptions where account_id = ${actor.uid}`,
    );
    if (!count?.mine && (count?.others ?? 0) >= PUSH_SUBSCRIPTIONS_MAX)
      return { ok: false, error: "invalid", field: "endpoint", message: PUSH_TEXTS.tooMany } as const;
    const [row] = await queryRows<{ created: boolean }>(
      tx,
      sql`insert into push_subscriptions (id, account_id, endpoint, p256dh, auth)
          values (${randomUUID()}, ${actor.uid}, ${endpoint}, ${keys.p256dh}, ${keys.auth})
          on conflict (endpoint) do update
            set account_id = excluded.account_id, p256dh = excluded.p256dh, auth = excluded.auth,
                updated_at = now()
          returning (xmax = 0) as created`,
    );
    return { ok: true, created: row?.created === true } as const;
  });
}
