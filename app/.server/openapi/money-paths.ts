/**
 * Coins, items and gifts (ADR 0032): `POST /api/gifts` and the payment provider's
 * webhook. Kept apart from ./paths.ts, which spreads MONEY_PATHS into API_PATHS.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { FieldError, jsonResponse } from "./responses";

const json = jsonResponse;
const error = (description: string) => json(FieldError, description);

const GiftRequest = z
  .object({
    item_id: z.string(),
    quantity: z.number().int().min(1).max(99),
    staff_id: z
      .string()
      .optional()
      .meta({ description: "a listed staff member (her store holds the items); or liver_id" }),
    liver_id: z.string().optional().meta({ description: "a public store; or staff_id" }),
    live_id: z
      .string()
      .optional()
      .meta({ description: "the receiver's live, on now: its viewers see a `gift` event" }),
    room_id: z.string().optional().meta({
      description:
        "the listener's chat room: its staff member receives (staff_id may be left out or must be hers); the gift becomes a message of the room (`gift` set), seen live by both members",
    }),
    pay_with_coins: z.boolean().optional().meta({
      description:
        "buy with coins what the inventory lacks (the item must still be on sale), in the same ledger transaction; without it a missing item is refused",
    }),
    idempotency_key: z.string().min(8).max(100).meta({ description: "the same key never gifts twice" }),
  })
  .meta({ id: "GiftRequest" });

const Gift = z
  .object({
    gift_id: z.string(),
    item_id: z.string(),
    quantity: z.number().int(),
    to: z.object({ type: z.enum(["staff", "liver"]), id: z.string() }),
    liver_id: z.string().meta({ description: "the store that holds the items" }),
    live_id: z.string().nullable(),
    room_id: z.string().nullable(),
    combo: z.object({ id: z.string(), count: z.number().int() }).meta({
      description:
        "sends of the same item by the same listener within 3 s make one combo; count is ×N so far",
    }),
    tier: z.union([z.literal(1), z.literal(2), z.literal(3)]).meta({
      description: "how the live shows it, by the item's coin price: 1 banner, 2 overlay, 3 full screen",
    }),
    coins: z.number().int().meta({ description: "the gift's worth: the item's coin price × quantity" }),
    coins_spent: z
      .number()
      .int()
      .meta({ description: "coins taken from the balance to buy what was missing" }),
    held: z.number().int().meta({ description: "items of that kind the listener holds after it" }),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "Gift" });

export const MONEY_PATHS: ZodOpenApiPathsObject = {
  "/api/gifts": {
    post: {
      summary: "Gift items from one's inventory, buying the rest with coins when asked (a listener)",
      description:
        "Moves items to a listed staff member (held by her store) or a public store, once per `idempotency_key`; a gift in a live is shown to its viewers (`gift` event); a gift in a chat room becomes a message of the room (a `message` event on the room's stream for both members); a staff member's store is told (`item_to_staff`).",
      requestBody: { required: true, content: { "application/json": { schema: GiftRequest } } },
      responses: {
        "201": json(Gift, "the gift"),
        "200": json(Gift, "the same gift, for a key already used with the same parameters"),
        "400": error(
          "invalid-argument: bad input, not enough items (field `quantity`) or coins (field `pay_with_coins`), the live is over, or not JSON",
        ),
        "401": error("unauthenticated: no session"),
        "403": error("permission-denied: not a listener, or the room is blocked (either way)"),
        "404": error(
          "not-found: no such item (or, to buy, one no longer on sale), receiver, live, or room of the listener's",
        ),
        "409": error("the key was used with other parameters"),
      },
    },
  },
  "/api/payments/webhook": {
    post: {
      summary: "The payment provider's webhooks (Stripe's, or the test provider's)",
      description:
        "`Stripe-Signature: t=…,v1=…` = HMAC-SHA256 of `t.rawBody` with the webhook secret, checked on the raw bytes. Coins are credited on `checkout.session.completed` with `payment_status=paid` or `checkout.session.async_payment_succeeded`, once per order; `charge.refunded` takes the purchase's unspent coins back up to the cumulative `amount_refunded` (ADR 0038); events repeat and come in any order.",
      requestBody: {
        required: true,
        content: { "application/json": { schema: z.object({}).passthrough() } },
      },
      responses: {
        "200": json(
          z.object({ received: z.literal(true), duplicate: z.boolean() }),
          "handled (or already handled)",
        ),
        "400": error("invalid-argument: missing, malformed, stale or wrong signature"),
        "404": error("not-found: payments are off (production without PAYMENT_PROVIDER)"),
        "409": error("an order we do not know yet: send it again later"),
      },
    },
  },
};
