import { operatorActor } from "~/.server/http/admin";
import { readAgeDocument } from "~/.server/services/age-verification/read-age-document";
import { isRecordId } from "~/domain/admin";
import type { Route } from "./+types/age-verification-document";

/**
 * `/admin/age-verifications/{id}/document` (ADR 0055): the decrypted picture of a document, for a
 * signed-in operator only; every view is audited by the service. Never cached, never framed
 * elsewhere; 404 once the picture is deleted.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  if (!isRecordId(params.id)) throw new Response(null, { status: 404 });
  const document = await readAgeDocument({
    db: context.db,
    storage: context.storage,
    authSecret: context.env.authSecret,
    actor,
    input: { id: params.id },
  });
  if (!document) throw new Response(null, { status: 404 });
  return new Response(new Uint8Array(document.data), {
    headers: {
      "Content-Type": document.contentType,
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
