import { randomUUID } from "node:crypto";
import type { PowFailure } from "~/domain/pow";
import {
  prefectureName,
  SHOP_ENTRY_FIELD_LABELS,
  type ShopEntryInput,
  ShopEntrySchema,
  storeTypeLabel,
} from "~/domain/shop-entry";
import type { Db } from "../../db/client";
import { shopEntryRequests } from "../../db/schema";
import type { Env } from "../../env";
import {
  autoReplyReceiptRows,
  type InquiryRow,
  operatorReceiptRows,
  shopEntryAutoReplyMail,
  shopEntryOperatorMail,
} from "../../integrations/mail/inquiry-templates";
import type { Mailer, MailResult, OutgoingMail } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { checkPowSolution, storeWithRedeemedPow } from "../shared/proof-of-work";
import { remoteConfigValue } from "../shared/remote-config";

export type RequestShopEntryResult =
  | { ok: true; id: string; autoReply: MailResult; operatorMail: MailResult }
  | { ok: false; error: "too_many_requests" | "closed" | PowFailure };

/**
 * `/shop_entry`: checks the proof of work, counts against the per-IP limit, redeems the solution
 * and stores the request in one transaction with the operator's mail and the sender's
 * acknowledgement (a link to the store registration), delivered in the background.
 */
export async function requestShopEntry({
  db,
  env,
  mailer,
  clientIp,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: { entry: ShopEntryInput; pow: unknown };
  now?: Date;
}): Promise<RequestShopEntryResult> {
  const entry = ShopEntrySchema.parse(input.entry);
  // The operator can stop taking requests (remote configuration `shop_entry_open`, ADR 0033).
  if (!(await remoteConfigValue(db, "shop_entry_open"))) return { ok: false, error: "closed" };
  const pow = await checkPowSolution(db, env, input.pow, now);
  if (!pow.ok) return pow;
  const limited = await hitRateLimits(db, [{ rule: RATE_LIMITS.shopEntryPerIp, subject: clientIp }], now);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };

  const id = randomUUID();
  const L = SHOP_ENTRY_FIELD_LABELS;
  const rows: InquiryRow[] = [
    { label: L.store_name, value: entry.store_name },
    { label: L.store_name_kana, value: entry.store_name_kana },
    { label: L.store_type, value: storeTypeLabel(entry.store_type) },
    { label: "所在地", value: `${prefectureName(entry.prefecture)} ${entry.area}` },
    { label: L.contact_name, value: entry.contact_name },
    { label: L.phone_number, value: entry.phone_number },
    { label: L.email, value: entry.email },
    { label: L.message, value: entry.message },
  ];
  const operatorMail: OutgoingMail = {
    kind: "shop-entry-operator",
    to: env.operator.email,
    ...shopEntryOperatorMail({
      storeName: entry.store_name,
      rows: operatorReceiptRows({ id, receivedAt: now, clientIp, rows }),
      origin: env.baseUrl,
    }),
    meta: { shopEntryRequestId: id },
  };
  const autoReply: OutgoingMail = {
    kind: "shop-entry-auto-reply",
    to: entry.email,
    ...shopEntryAutoReplyMail({
      contactName: entry.contact_name,
      rows: autoReplyReceiptRows({
        id,
        receivedAt: now,
        rows: [
          { label: L.store_type, value: storeTypeLabel(entry.store_type) },
          { label: "都道府県", value: prefectureName(entry.prefecture) },
        ],
      }),
      registrationUrl: `${env.baseUrl}/liver/registration`,
    }),
    meta: { shopEntryRequestId: id },
  };
  // The request and both mails in one transaction: all of them exist, or none (ADR 0015).
  let sent: { operatorMail: MailResult; autoReply: MailResult } | undefined;
  const stored = await storeWithRedeemedPow(db, pow, now, async (tx) => {
    await tx.insert(shopEntryRequests).values({ id, ...entry, client_ip: clientIp, created_at: now });
    sent = {
      operatorMail: await mailer.send(operatorMail, { tx }),
      autoReply: await mailer.send(autoReply, { tx }),
    };
  });
  if (!stored || !sent) return { ok: false, error: "replayed" };
  return { ok: true, id, ...sent };
}
