import type { AppLoadContext } from "react-router";
import { galleryRoomMessage, IMAGE_MESSAGES, imageFileMessage } from "~/domain/images";
import { DECISION_STATUS } from "~/domain/permissions";
import type { Viewer } from "../auth/viewer";
import { addGalleryImages } from "../services/images/add-gallery-images";
import type { GalleryTarget } from "../services/images/gallery";
import { type GalleryMove, moveGalleryImage } from "../services/images/move-gallery-image";
import { removeGalleryImage } from "../services/images/remove-gallery-image";
import { FORM_ERROR_KEY, formValues } from "./form";
import { intent } from "./intent-action";
import { done, FORM_MESSAGES, failed } from "./mypage-form";

const MOVES: readonly GalleryMove[] = ["up", "down", "first"];

/**
 * The picture forms of a profile page (the store's pictures, a staff member's): add pictures
 * (several at once: all or none, a refusal naming the file), remove one, move one — intent handlers to dispatch beside the page's own forms (ADR 0048). Each
 * reads its form by hand: the picture is a file, the others a url and a direction.
 */
export function galleryIntents({
  request,
  context,
  actor,
  target,
}: {
  request: Request;
  context: AppLoadContext;
  actor: Viewer;
  target: GalleryTarget;
}) {
  /** Remove or move: a refusal keeps the form's fields and says why above the pictures. */
  const change = async (name: "image_remove" | "image_move", form: FormData) => {
    const url = String(form.get("url") ?? "");
    const direction = String(form.get("direction") ?? "");
    const result =
      name === "image_remove"
        ? await removeGalleryImage({ db: context.db, images: context.images, actor, target, input: { url } })
        : MOVES.includes(direction as GalleryMove)
          ? await moveGalleryImage({
              db: context.db,
              actor,
              target,
              input: { url, direction: direction as GalleryMove },
            })
          : ({ ok: false, error: "not_found" } as const);
    if (result.ok) return done(request, name === "image_remove" ? "image_removed" : "image_moved");
    return failed(
      name,
      formValues(form),
      { [FORM_ERROR_KEY]: FORM_MESSAGES[result.error] },
      DECISION_STATUS[result.error],
    );
  };
  return {
    image_add: intent({
      run: async (_none, { form }) => {
        // A browser sends an empty part for an input with nothing chosen.
        const chosen = form
          .getAll("image")
          .filter((file): file is File => file instanceof File && file.size > 0);
        if (chosen.length === 0) return failed("image_add", {}, { image: IMAGE_MESSAGES.required });
        const files = await Promise.all(
          chosen.map(async (file) => ({
            data: new Uint8Array(await file.arrayBuffer()),
            fileName: file.name,
          })),
        );
        const result = await addGalleryImages({
          db: context.db,
          images: context.images,
          actor,
          target,
          input: { files },
        });
        if (result.ok) return done(request, "image_added");
        if ("fileName" in result)
          return failed(
            "image_add",
            {},
            { image: imageFileMessage(result.fileName, IMAGE_MESSAGES[result.error]) },
          );
        if (result.error === "gallery_full")
          return failed("image_add", {}, { image: galleryRoomMessage(result.room, files.length) });
        return failed(
          "image_add",
          {},
          { [FORM_ERROR_KEY]: FORM_MESSAGES[result.error] },
          DECISION_STATUS[result.error],
        );
      },
    }),
    image_remove: intent({ run: (_none, { form }) => change("image_remove", form) }),
    image_move: intent({ run: (_none, { form }) => change("image_move", form) }),
  };
}
