import { randomInt, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  COUPON_MESSAGES,
  COUPONS_OPEN_MAX,
  type CouponForm,
  couponPeriod,
  generateDoorCode,
} from "~/domain/coupons";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { coupons, livers } from "../../db/schema";
import { countOpenCoupons } from "./coupon-query";

export type CreateCouponResult =
  | { ok: true; couponId: string; code: string }
  | { ok: false; error: "forbidden" | "not_found" }
  | { ok: false; error: "invalid"; errors: Record<string, string> };

/**
 * A store creates a coupon (ADR 0058): the period checked against `now`, at most COUPONS_OPEN_MAX
 * current or scheduled at once, and a door code no other coupon of the store has. The store's row
 * is locked first, so two creations of one store are counted one after the other.
 */
export async function createCoupon({
  db,
  actor,
  input,
  now = new Date(),
  randomIndex = randomInt,
}: {
  db: Db;
  actor: Viewer;
  input: CouponForm;
  now?: Date;
  /** The door code's draws (tests pass a fixed sequence to provoke a collision). */
  randomIndex?: (n: number) => number;
}): Promise<CreateCouponResult> {
  const refused = roleRefusal(actor, "coupon.create");
  if (refused) return { ok: false, error: refused };
  const period = couponPeriod(input, now);
  if (!period.ok) return { ok: false, error: "invalid", errors: period.errors };
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ uid: livers.uid })
      .from(livers)
      .where(eq(livers.uid, actor.uid))
      .for("update")
      .limit(1);
    if (!store) return { ok: false, error: "not_found" } as const;
    if ((await countOpenCoupons(tx, store.uid, now)) >= COUPONS_OPEN_MAX)
      return { ok: false, error: "invalid", errors: { _form: COUPON_MESSAGES.limitReached } } as const;
    const code = await freeCode(tx, store.uid, randomIndex);
    const couponId = randomUUID();
    await tx.insert(coupons).values({
      coupon_id: couponId,
      liver_id: store.uid,
      title: input.title,
      discount_text: input.discount_text,
      conditions: input.conditions,
      first_visit_only: input.first_visit_only,
      starts_at: period.starts_at,
      ends_at: period.ends_at,
      code,
      created_at: now,
      updated_at: now,
    });
    return { ok: true, couponId, code } as const;
  });
}

/** Draws before giving up: with 19⁶ codes a store meets a used one about never. */
const CODE_ATTEMPTS = 20;

/** A door code the store has not used yet (the store's row is locked: nobody else draws now). */
async function freeCode(tx: Tx, liverId: string, randomIndex: (n: number) => number): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = generateDoorCode(randomIndex);
    const [taken] = await tx
      .select({ id: coupons.coupon_id })
      .from(coupons)
      .where(and(eq(coupons.liver_id, liverId), eq(coupons.code, code)))
      .limit(1);
    if (!taken) return code;
  }
  throw new Error("no free coupon door code");
}
