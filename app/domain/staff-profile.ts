import { z } from "zod";
import { toHalfWidthDigits } from "./input-filters";
import {
  AGE_CHOICES,
  ALCOHOL_TYPE_VALUES,
  BLOOD_TYPE_VALUES,
  BUST_TYPE_VALUES,
  HEIGHT_CHOICES,
  KARAOKE_TYPE_VALUES,
  MATCHING_QUESTIONS,
  type MatchingInfo,
  type MatchingKey,
  PERSONALITY_TYPE_VALUES,
  PUBLISHED_PROFILE_KEYS,
  type PublishedProfile,
  type PublishedProfileKey,
  SMOKE_TYPE_VALUES,
  TYPE_TYPE_VALUES,
} from "./options";
import {
  checkPasswordConfirmation,
  NEW_PASSWORD_FIELDS,
  STAFF_ACCOUNT_LABELS,
  STAFF_NAME_KANA_MAX,
  STAFF_NAME_MAX,
} from "./staff-account";
import { blankWhenMissing, zChoice, zKanaOfMax, zLine, zMultiline } from "./text-fields";
import { messages, zSnsId } from "./validators";

/**
 * The staff profile (docs/product.md staff fields, ADR 0021 names): edited by the performer at
 * `/staff/mypage/profile` and by the store at `/liver/mypage/staff/{id}`.
 */

export const INTRODUCTION_MAX = 1000;
export const FOLLOWERS_MAX = 1_000_000_000;
export const BIRTH_DATE_MIN = "1920-01-01";

export const STAFF_PROFILE_LABELS = {
  name: STAFF_ACCOUNT_LABELS.name,
  name_kana: STAFF_ACCOUNT_LABELS.name_kana,
  age: "年齢",
  height: "身長",
  birth_of_date: "誕生日",
  blood_type: "血液型",
  bust_type: "バスト",
  type_type: "体型",
  karaoke_type: "カラオケ",
  alcohol_type: "お酒",
  smoke_type: "たばこ",
  personality_type: "性格タイプ",
  introduction: "自己紹介",
  instagram_id: "Instagram ユーザーネーム",
  tiktok_id: "TikTok ユーザー名",
  youtube_id: "YouTube ハンドル／チャンネルID",
  followers: "SNSフォロワー数",
} as const;

export const STAFF_PROFILE_MESSAGES = {
  age: "年齢は18〜100の中から選択してください",
  height: "身長は100〜199cmの中から選択してください",
  birth_of_date: "誕生日を正しく入力してください（例：2000-04-01）",
  choice: "一覧から選択してください",
  instagram_id: "Instagramのユーザーネームは30文字以内の半角英数字・ピリオド・アンダーバーで入力してください",
  tiktok_id: "TikTokのユーザー名は2〜24文字の半角英数字・ピリオド・アンダーバーで入力してください",
  youtube_id:
    "YouTubeのハンドル（3〜30文字の半角英数字・ピリオド・ハイフン・アンダーバー）またはUCから始まるチャンネルIDを入力してください",
  followers: "フォロワー数は0以上の半角数字で入力してください",
  saved: "プロフィールを保存しました",
} as const;

const M = STAFF_PROFILE_MESSAGES;

/** A number picked from a select of `choices`. */
const zNumberChoice = (choices: readonly number[], message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: message }).refine((n) => choices.includes(n), message),
  );

/** An optional value of an option list ("" = 未設定). */
const zOptional = (values: readonly string[]) =>
  zChoice((value) => values.includes(value), M.choice, { required: false });

/** An SNS id without "@", also matching `pattern`. */
const zSnsHandle = (pattern: RegExp, message: string) =>
  z.preprocess(
    blankWhenMissing,
    zSnsId().superRefine((value, ctx) => {
      if (value !== "" && !pattern.test(value)) ctx.addIssue({ code: "custom", message });
    }),
  );

export const INSTAGRAM_ID = /^[A-Za-z0-9._]{1,30}$/;
export const TIKTOK_ID = /^[A-Za-z0-9._]{2,24}$/;
/** A handle (without @) or a channel id. */
export const YOUTUBE_ID = /^(?:[A-Za-z0-9._-]{3,30}|UC[A-Za-z0-9_-]{22})$/;

/** A real calendar date "YYYY-MM-DD" from 1920 up to today; "" when left blank. */
export function isBirthDate(value: string, today = new Date().toISOString().slice(0, 10)): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= BIRTH_DATE_MIN && value <= today;
}

const zBirthDate = () =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => toHalfWidthDigits(value.trim()))
      .superRefine((value, ctx) => {
        if (value !== "" && !isBirthDate(value)) ctx.addIssue({ code: "custom", message: M.birth_of_date });
      }),
  );

/** An optional count: digits (full-width too, grouping commas ignored), 0 up to FOLLOWERS_MAX; null when blank. */
const zFollowers = () =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => toHalfWidthDigits(value.trim()).replace(/[,，]/g, ""))
      .superRefine((value, ctx) => {
        if (value !== "" && (!/^\d{1,10}$/.test(value) || Number(value) > FOLLOWERS_MAX))
          ctx.addIssue({ code: "custom", message: M.followers });
      })
      .transform((value) => (value === "" ? null : Number(value))),
  );

const matchingShape = Object.fromEntries(
  MATCHING_QUESTIONS.map((q) => [
    q.key,
    zChoice((value) => q.answers.some((answer) => answer.value === value), M.choice),
  ]),
) as Record<MatchingKey, ReturnType<typeof zChoice>>;

const ticked = z.preprocess((value) => value === "1" || value === "on" || value === true, z.boolean());
const publishedShape = Object.fromEntries(PUBLISHED_PROFILE_KEYS.map((key) => [key, ticked])) as Record<
  PublishedProfileKey,
  typeof ticked
>;

export const StaffProfileSchema = z
  .object({
    name: zLine(STAFF_PROFILE_LABELS.name, STAFF_NAME_MAX),
    name_kana: zKanaOfMax(STAFF_PROFILE_LABELS.name_kana, STAFF_NAME_KANA_MAX),
    age: zNumberChoice(AGE_CHOICES, M.age),
    height: zNumberChoice(HEIGHT_CHOICES, M.height),
    birth_of_date: zBirthDate(),
    blood_type: zOptional(BLOOD_TYPE_VALUES),
    bust_type: zOptional(BUST_TYPE_VALUES),
    type_type: zOptional(TYPE_TYPE_VALUES),
    karaoke_type: zOptional(KARAOKE_TYPE_VALUES),
    alcohol_type: zOptional(ALCOHOL_TYPE_VALUES),
    smoke_type: zOptional(SMOKE_TYPE_VALUES),
    personality_type: zOptional(PERSONALITY_TYPE_VALUES),
    introduction: zMultiline(STAFF_PROFILE_LABELS.introduction, INTRODUCTION_MAX, { required: false }),
    instagram_id: zSnsHandle(INSTAGRAM_ID, M.instagram_id),
    tiktok_id: zSnsHandle(TIKTOK_ID, M.tiktok_id),
    youtube_id: zSnsHandle(YOUTUBE_ID, M.youtube_id),
    followers: zFollowers(),
    // Radios with a default answer always send one; a crafted post without them is "選択してください".
    matching_info: z.object(matchingShape),
    // Checkboxes: a ticked box sends "1", an unticked one nothing (= not published).
    published_profile: z.object(publishedShape),
  })
  // Each answer was checked against its own question above.
  .transform((v) => ({
    ...v,
    matching_info: v.matching_info as MatchingInfo,
    published_profile: v.published_profile as PublishedProfile,
  }));

export type StaffProfileInput = z.output<typeof StaffProfileSchema>;

/** A store sets a new password for one of its staff (ADR 0022): no current password is asked. */
export const StaffPasswordSchema = z.object(NEW_PASSWORD_FIELDS).superRefine(checkPasswordConfirmation);
