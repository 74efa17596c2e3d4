import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";
import { HIRAGANA_CHARS, KATAKANA_CHARS } from "../../../domain/keyword";
import { MATCHING_QUESTIONS, PUBLISHED_PROFILE_KEYS } from "../../../domain/options";

/** Every point in time is a `timestamptz` (ADR 0003: stored in UTC, shown in Asia/Tokyo). */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => tstz("created_at").notNull().defaultNow();
export const updatedAt = () =>
  tstz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const emptyTextArray = sql`'{}'::text[]`;

/**
 * A stored, generated column holding the searchable form of some text columns: NFKC (full-width
 * alphanumerics → half-width, half-width kana → full-width), lower case, hiragana → katakana.
 * It is the SQL twin of `normalizeSearchText` in the domain, which the keyword goes through, so
 * "ﾐｻｷ", "みさき" and "ミサキ" all find ミサキ on PGlite and PostgreSQL alike.
 */
export function searchTextExpression(columns: readonly string[]) {
  const joined = columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `);
  return sql.raw(`translate(lower(normalize(${joined}, NFKC)), '${HIRAGANA_CHARS}', '${KATAKANA_CHARS}')`);
}

/**
 * The 13 matching answers of a jsonb column as a 13-bit integer: bit i is set when question i
 * (in MATCHING_QUESTIONS order) has its second, non-default answer. Unanswered means default,
 * as in the domain's `matchingMask`, so SQL can compute the matching score with one XOR.
 */
export function matchingMaskExpression(column: string) {
  const terms = MATCHING_QUESTIONS.map(
    (question, bit) =>
      `(case when "${column}"->>'${question.key}' = '${question.answers[1].value}' then ${1 << bit} else 0 end)`,
  );
  return sql.raw(terms.join(" | "));
}

/**
 * The published_profile flags of a jsonb column as an integer: bit i (PUBLISHED_PROFILE_KEYS order)
 * is set unless flag i is false (a missing flag means published, as in `isPublished`). Small enough
 * to sit in the listed-staff index, so a public filter can skip hidden attributes without reading
 * the table (ADR 0010).
 */
export function publishedMaskExpression(column: string) {
  const terms = PUBLISHED_PROFILE_KEYS.map(
    (key, bit) => `(case when "${column}"->>'${key}' = 'false' then 0 else ${1 << bit} end)`,
  );
  return sql.raw(terms.join(" | "));
}
