/**
 * A performer's name as pages show it: her name, or 「（名前非公開）」 when she keeps it hidden
 * (a public profile without `name`, domain/public-profile.ts). Apart from the public profile, which
 * brings the matching answers and every profile list with it: the staff cards of the public pages
 * need only this (ADR 0064).
 */

/** What a page shows instead of a hidden name. */
export const HIDDEN_NAME_LABEL = "（名前非公開）";

export function displayName(profile: { name?: string }): string {
  return profile.name ?? HIDDEN_NAME_LABEL;
}
