import { AGE_VERIFICATION_TEXTS } from "~/domain/age-verification";
import { IMAGE_MESSAGES } from "~/domain/images";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { ImageStorage } from "../../integrations/storage/image-storage";
import { mustVerifyAge } from "../age-verification/age-verification-state";
import { processUpload } from "../shared/process-upload";
import { memberRoom } from "./room-access";
import { type SendMessageResult, sendMessage } from "./send-message";

/**
 * A picture message (ADR 0029 `image_url`, ADR 0030): membership first (a stranger's upload is
 * never processed), then the image pipeline (counted against the hourly upload allowance,
 * re-encoded, metadata stripped), then the ordinary send with its checks — a refused send removes
 * the stored file again. The text beside the picture is optional and filtered like any message.
 */
export async function sendImageMessage({
  db,
  images,
  actor,
  input,
}: {
  db: Db;
  images: ImageStorage;
  actor: Viewer;
  input: { roomId: string; body: unknown; data: Uint8Array };
}): Promise<SendMessageResult> {
  const access = await memberRoom(db, actor, "room.write", input.roomId);
  if (!access.ok) return access;
  // Refused before the picture is processed (the send below would refuse it too).
  if (await mustVerifyAge(db, actor))
    return { ok: false, error: "age_verification", message: AGE_VERIFICATION_TEXTS.required };
  const processed = await processUpload({ db, actor, data: input.data });
  if (!processed.ok) return { ok: false, error: "invalid", message: IMAGE_MESSAGES[processed.error] };
  const imageUrl = await images.save(`rooms/${access.room.id}`, processed.data);
  try {
    const sent = await sendMessage({
      db,
      actor,
      input: { roomId: input.roomId, body: input.body, imageUrl },
    });
    if (!sent.ok) await images.remove(imageUrl);
    return sent;
  } catch (error) {
    await images.remove(imageUrl);
    throw error;
  }
}
