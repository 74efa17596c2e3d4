/**
 * Follows (お気に入り): a listener follows one staff member or one store. The body of
 * `POST /api/favorites` and of the follow buttons' forms names exactly one of the two.
 */
import { z } from "zod";

const id = z.string().trim().min(1).max(128);

export const FAVORITE_MESSAGES = {
  target: "staff_id か liver_id のどちらか一方を指定してください",
  notFound: "フォローできる相手が見つかりません",
  favoriteNotFound: "フォローが見つかりません",
  loginRequired: "フォローするにはユーザーとしてログインしてください",
  followed: "フォローしました",
  unfollowed: "フォローを解除しました",
} as const;

export const FollowTargetSchema = z
  .object({ staff_id: id.optional(), liver_id: id.optional() })
  .refine((v) => (v.staff_id === undefined) !== (v.liver_id === undefined), FAVORITE_MESSAGES.target)
  // The refinement in the OpenAPI document (zod-openapi's override): exactly one of the two.
  .meta({ override: { oneOf: [{ required: ["staff_id"] }, { required: ["liver_id"] }] } })
  .transform((v) =>
    v.staff_id !== undefined
      ? { kind: "staff" as const, id: v.staff_id }
      : { kind: "liver" as const, id: v.liver_id! },
  );

export type FollowTarget = z.output<typeof FollowTargetSchema>;

export type {
  FavoriteKind,
  FollowFormResult,
} from "./follow-form";
