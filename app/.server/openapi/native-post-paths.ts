/**
 * The write side of posts (ADR 0024): `POST /api/posts`, `PATCH` and `DELETE /api/posts/{id}`.
 * Kept apart from ./paths.ts, whose `/api/posts` item joins this `post` to the feed's `get`.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { POST_FIELDS, PostPatchSchema } from "~/domain/native-posts";
import { POST_CAPTION_MAX, POST_IMAGES_MAX } from "~/domain/posts";
import { ErrorResponse, Post } from "./responses";

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
              is_pr: z
                .enum(["1", "true"])
                .optional()
                .meta({ description: "marks the post as PR (advertising, ADR 0051); left out: not PR" }),
            }),
          },
        },
      },
      responses: {
        "201": json(Post, "the post"),
        "400": json(PostFormError, "invalid-argument: the message for `field`"),
        "401": error("unauthenticated: no session"),
        "403": error("permission-denied: a listener or the operator"),
      },
    },
  },
  "/api/posts/{id}": {
    patch: {
      summary: "Change the caption or the PR label of one's own native post",
      requestParams: { path: id },
      requestBody: { required: true, content: { "application/json": { schema: PostPatchSchema } } },
      responses: {
        "200": json(Post, "the post"),
        "400": error("invalid-argument: a caption too long, neither field given, or not JSON"),
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
