/**
 * The query of a feed (ADR 0024 "API", ADR 0020 paging): `GET /api/posts` and the feed pages take the
 * same names, so a feed can be shared as a URL and replayed against the API. Same building blocks
 * and errors as the directory searches (unknown enum value → 400 invalid-argument).
 */
import { z } from "zod";
import { findPrefecture, findRegion } from "./areas";
import { FEED_SORTS, POST_KINDS, POST_SOURCES } from "./posts";
import {
  areaParam,
  booleanParam,
  enumList,
  enumParam,
  pagingShape,
  parseWith,
  type Query,
  SEARCH_MESSAGES,
} from "./query-params";

const idParam = (description: string) =>
  z
    .preprocess(
      (v) => (Array.isArray(v) ? v[0] : undefined),
      z.string().max(128, SEARCH_MESSAGES.invalid).optional(),
    )
    .meta({ description });

export const FeedSearchSchema = z.object({
  source: enumList("source", POST_SOURCES).meta({ description: "any of" }),
  kind: enumList("kind", POST_KINDS).meta({ description: "any of" }),
  staffId: idParam("the posts of one staff member"),
  liverId: idParam("a store's own posts and its staff's"),
  region: areaParam("region", (id) => Boolean(findRegion(id))).meta({
    description: "region id of the store",
  }),
  prefecture: areaParam("prefecture", (id) => Boolean(findPrefecture(id))).meta({
    description: "prefecture id of the store",
  }),
  following: booleanParam("following").meta({
    description: "listener only: posts of followed staff and stores (401 signed out, 403 other roles)",
  }),
  sort: enumParam("sort", FEED_SORTS, { default: "new" })
    .meta({
      description:
        "new: posted_at descending; popular: the author's followers, then new; matching: staff authors by matching score against the signed-in listener, store posts after them, then new (new without a listener, and for a listener who has not saved an answer yet)",
    })
    .transform((v) => v ?? "new"),
  ...pagingShape,
});

export type FeedSearch = z.output<typeof FeedSearchSchema>;

export const parseFeedSearch = (query: Query | URLSearchParams) => parseWith(FeedSearchSchema, query);

/**
 * The matching class of a post for `sort=matching` (see domain/matching.ts): a staff author's
 * class by answers, and every store post after the last staff class.
 */
export const STORE_POST_CLASS = 14;
