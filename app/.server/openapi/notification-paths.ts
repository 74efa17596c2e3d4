/**
 * In-app notifications (ADR 0044): the list and the read marks of the signed-in
 * account. Written by the notification fan-out job; nothing here creates one.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  IN_APP_KINDS,
  NOTIFICATION_PAGE_DEFAULT,
  NOTIFICATION_PAGE_MAX,
} from "~/domain/in-app-notifications";
import { PUSH_SUBSCRIPTIONS_MAX, PushSubscriptionSchema, PushUnsubscribeSchema } from "~/domain/web-push";
import { FieldError, jsonResponse } from "./responses";

const json = jsonResponse;
const error = (description: string) => json(FieldError, description);
const unauthenticated = error("unauthenticated: no session");
const denied = error("permission-denied: an operator (no notifications)");

const Notification = z
  .object({
    notification_id: z.string(),
    kind: z.enum(IN_APP_KINDS),
    title: z.string().meta({ description: "Japanese, rendered when it was written" }),
    body: z.string(),
    url: z.string().meta({ description: "a path of this site: where opening it goes" }),
    created_at: z.string().meta({ description: "ISO 8601" }),
    read_at: z.string().nullable(),
  })
  .meta({ id: "Notification" });

export const NOTIFICATION_PATHS: ZodOpenApiPathsObject = {
  "/api/notifications": {
    get: {
      summary: "The signed-in account's notifications, newest first, with the unread count",
      description:
        "Each new one also arrives as the `notification` event of `GET /api/me/events` (`counted` false when it renewed an unread line of the same conversation); marking read publishes `notification-read` with the new `unread`.",
      requestParams: {
        query: z.object({
          before: z
            .string()
            .optional()
            .meta({ description: "a notification id of hers: the page older than it" }),
          limit: z
            .string()
            .optional()
            .meta({ description: `1–${NOTIFICATION_PAGE_MAX}, default ${NOTIFICATION_PAGE_DEFAULT}` }),
        }),
      },
      responses: {
        "200": json(
          z
            .object({
              items: z.array(Notification),
              unread: z.number().int().min(0),
              next_before: z
                .string()
                .nullable()
                .meta({ description: "the `before` of the next page; null at the end" }),
            })
            .meta({ id: "NotificationPage" }),
        ),
        "400": error("invalid-argument: `before` is not one of hers"),
        "401": unauthenticated,
        "403": denied,
      },
    },
  },
  "/api/notifications/read": {
    post: {
      summary: "Mark the account's notifications read: some by id, or all",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.union([
              z.object({ ids: z.array(z.string()).min(1).max(NOTIFICATION_PAGE_MAX) }),
              z.object({ all: z.literal(true) }),
            ]),
          },
        },
      },
      responses: {
        "200": json(
          z
            .object({
              marked: z.number().int().min(0).meta({ description: "how many were unread and are read now" }),
              unread: z.number().int().min(0),
            })
            .meta({ id: "NotificationsRead" }),
        ),
        "400": error("invalid-argument: neither ids (1–50) nor all: true"),
        "401": unauthenticated,
        "403": denied,
      },
    },
  },
  "/api/push/subscriptions": {
    post: {
      summary: "Turn web push on for this device (ADR 0045)",
      description: `The browser's \`PushSubscription\` JSON. At most ${PUSH_SUBSCRIPTIONS_MAX} devices per account; the same endpoint again updates its keys. In production the endpoint must be https on an allowed push service and resolve to public addresses only.`,
      requestBody: {
        required: true,
        content: { "application/json": { schema: PushSubscriptionSchema.meta({ id: "PushSubscription" }) } },
      },
      responses: {
        "201": json(z.object({ created: z.boolean() }).meta({ id: "PushSubscribed" }), "saved (or updated)"),
        "400": error(
          "invalid-argument: a key of the wrong length, not base64url, an endpoint over 2 kB or refused, or too many devices",
        ),
        "401": unauthenticated,
        "403": denied,
      },
    },
    delete: {
      summary: "Turn web push off for this device",
      requestBody: {
        required: true,
        content: { "application/json": { schema: PushUnsubscribeSchema } },
      },
      responses: {
        "200": json(
          z
            .object({
              removed: z.number().int().min(0).max(1).meta({ description: "0 when it was already gone" }),
            })
            .meta({ id: "PushUnsubscribed" }),
        ),
        "400": error("invalid-argument: no endpoint"),
        "401": unauthenticated,
        "403": denied,
      },
    },
  },
};
