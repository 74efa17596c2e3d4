/**
 * The write side of posts (contract §8): `POST /api/posts`, `PATCH` and `DELETE /api/posts/{id}`.
 * Kept apart from ./paths.ts, which spreads it in; `GET /api/posts` (the feed) joins the same
 * `/api/posts` item as its `get`.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { POST_FIELDS, PostCaptionSchema } from "~/domain/native-posts";
import {
  POST_AUTHOR_TYPES,
  POST_CAPTION_MAX,
  POST_IMAGES_MAX,
  POST_KINDS,
  POST_SOURCES,
  POST_STATUSES,
} from "~/domain/posts";
import { ErrorResponse } from "./responses";

const time = z.iso.datetime();

export const PostMediaObject = z
  .object({
    url: z.string(),
    kind: z.enum(["image", "video", "embed"]),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbnail_url: z.string().nullable().meta({ description: "a video's poster picture" }),
  })
  .meta({ id: "PostMedia" });

export const PostObject = z
  .object({
    post_id: z.string(),
    author_type: z.enum(POST_AUTHOR_TYPES),
    staff_id: z.string().nullable(),
    liver_id: z.string(),
    source: z.enum(POST_SOURCES),
    kind: z.enum(POST_KINDS),
    caption: z.string(),
    media: z.array(PostMediaObject),
    permalink: z.string(),
    external_id: z.string(),
    posted_at: time,
    status: z.enum(POST_STATUSES),
    created_at: time,
    updated_at: time,
  })
  .meta({ id: "Post" });

const PostFormError = z
  .object({
    error: z.object({
      code: ErrorResponse.shape.error.shape.code,
      message: z.string().meta({ description: "Japanese" }),
      field: z
        .enum(POST_FIELDS)
        .optional()
        .meta({ description: "the form field the message belongs next to" }),
    }),
  })
  .meta({ id: "PostFormError" });

const json = (schema: z.ZodType, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});
const error = (description: string) => json(ErrorResponse, description);
const id = z.object({ id: z.string().meta({ description: "post id" }) });

const file = z.string().meta({ format: "binary" });

export const NATIVE_POST_PATHS = {
  "/api/posts": {
    post: {
      summary: "Write a native post (staff member or store)",
      description: `A caption (≤ ${POST_CAPTION_MAX} characters) and up to ${POST_IMAGES_MAX} pictures (several make a \`carousel_album\`), or one MP4 / WebM video (≤ 100 MB, ≤ 180 s, read from its bytes) with a \`poster\` picture, or the caption alone.`,
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              caption: z.string().max(POST_CAPTION_MAX).optional(),
              images: z.array(file).max(POST_IMAGES_MAX).optional(),
              video: file.optional(),
              poster: file.optional(),
            }),
          },
        },
      },
      responses: {
        "201": json(PostObject, "the post"),
        "400": json(PostFormError, "invalid-argument: the message for `field`"),
        "401": error("unauthenticated: no session"),
        "403": error("permission-denied: a listener or the operator"),
      },
    },
  },
  "/api/posts/{id}": {
    patch: {
      summary: "Change the caption of one's own native post",
      requestParams: { path: id },
      requestBody: { required: true, content: { "application/json": { schema: PostCaptionSchema } } },
      responses: {
        "200": json(PostObject, "the post"),
        "400": error("invalid-argument: a caption too long, or not JSON"),
        "401": error("unauthenticated: no session"),
        "403": error("permission-denied: a listener or the operator"),
        "404": error(
          "not-found: not one's own post (a store does not edit its staff's words), deleted, or none",
        ),
      },
    },
    delete: {
      summary: "Delete one's own native post, or (a store) one of its staff's; its files are removed",
      requestParams: { path: id },
      responses: {
        "204": { description: "deleted" },
        "401": error("unauthenticated: no session"),
        "403": error("permission-denied: a listener or the operator"),
        "404": error("not-found: not one's own post nor one's staff's, deleted, or none"),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;
