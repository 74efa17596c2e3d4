import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { DECISION_STATUS } from "~/domain/permissions";
import {
  SNS_LINK_DONE,
  type SnsLinkDoneKey,
  type SnsLinkOwnerType,
  SnsSourceSchema,
  safeReturnPath,
} from "~/domain/sns-links";
import { requireViewer } from "../auth/viewer";
import { completeSnsLink } from "../services/sns/complete-sns-link";
import { linkYouTubeChannel } from "../services/sns/link-youtube-channel";
import { listSnsLinks } from "../services/sns/list-sns-links";
import { snsContextFor } from "../services/sns/sns-context";
import { startSnsLink } from "../services/sns/start-sns-link";
import { unlinkSnsAccount } from "../services/sns/unlink-sns-account";
import { dispatchIntent, type IntentHandler, intent } from "./intent-action";
import { readLimitedFormData } from "./limited-form-data";

/**
 * The link panel's loader, its form action (connect, YouTube channel, disconnect; dispatched by
 * intent, ADR 0048) and the OAuth callbacks, shared by the staff member's page and the store's
 * (ADR 0024 "Linked accounts"). Every answer that is not a field error is a redirect back with
 * `?sns=<key>`.
 */

export interface SnsLinkActionData {
  intent: "youtube";
  errors: Record<string, string>;
  values: { channel: string };
}

interface Args {
  request: Request;
  context: AppLoadContext;
  role: SnsLinkOwnerType;
}

const back = (path: string, key: SnsLinkDoneKey) => redirect(`${path}?sns=${key}`);

export async function loadSnsLinks({ request, context, role }: Args) {
  const viewer = await requireViewer(request, context, role);
  const result = await listSnsLinks({ db: context.db, actor: viewer, sns: snsContextFor(context.env) });
  if (!result.ok) throw data(null, { status: DECISION_STATUS[result.error] });
  const key = new URL(request.url).searchParams.get("sns");
  const done = key && Object.hasOwn(SNS_LINK_DONE, key) ? (key as SnsLinkDoneKey) : null;
  return { links: result.links, done, intervalMin: context.env.sns.importIntervalMin };
}

const SNS_LINK_INTENTS = ["connect", "youtube", "disconnect"] as const;
const SNS_LINK_FORM_MAX_BYTES = 16 * 1024;

/** Any form the panel cannot read (an unknown intent, a source that is not one) is a bare 400. */
const badRequest = (): never => {
  throw data(null, { status: 400 });
};

export async function snsLinkAction({ request, context, role }: Args) {
  const viewer = await requireViewer(request, context, role);
  const read = await readLimitedFormData(request, SNS_LINK_FORM_MAX_BYTES);
  const form = read.ok ? read.form : new FormData();
  const returnTo = safeReturnPath(role, form.get("return_to"));
  const sns = snsContextFor(context.env);
  // The first `source` field, read by hand: connect and disconnect refuse anything but a source.
  const source = SnsSourceSchema.safeParse(form.get("source"));
  type Answer = Response | ReturnType<typeof data<SnsLinkActionData>>;
  const handlers: Record<(typeof SNS_LINK_INTENTS)[number], IntentHandler<z.ZodType, Answer>> = {
    connect: intent({
      run: async () => {
        if (!source.success || source.data === "youtube") return badRequest();
        const started = await startSnsLink({
          db: context.db,
          actor: viewer,
          sns,
          input: { source: source.data },
        });
        if (!started.ok && started.error === "forbidden") throw data(null, { status: 403 });
        if (!started.ok) return back(returnTo, "not_configured");
        return redirect(started.url);
      },
    }),
    youtube: intent({
      run: async () => {
        const channel = form.get("channel");
        const result = await linkYouTubeChannel({ db: context.db, actor: viewer, sns, input: { channel } });
        if (result.ok) return back(returnTo, "linked");
        if (result.error === "forbidden") throw data(null, { status: 403 });
        return data<SnsLinkActionData>(
          {
            intent: "youtube",
            errors: result.fieldErrors,
            values: { channel: typeof channel === "string" ? channel : "" },
          },
          { status: 400 },
        );
      },
    }),
    disconnect: intent({
      run: async () => {
        if (!source.success) return badRequest();
        const result = await unlinkSnsAccount({
          db: context.db,
          actor: viewer,
          input: { source: source.data },
        });
        if (!result.ok && result.error === "forbidden") throw data(null, { status: 403 });
        return back(returnTo, "unlinked");
      },
    }),
  };
  return dispatchIntent(form, handlers, { refusal: badRequest });
}

/** `/…/callback/:source`: the vendor sends the browser back here with `code` and `state`. */
export async function snsLinkCallback({
  request,
  context,
  role,
  source,
}: Args & { source: string | undefined }) {
  const viewer = await requireViewer(request, context, role);
  const parsed = SnsSourceSchema.safeParse(source);
  if (!parsed.success || parsed.data === "youtube") throw data(null, { status: 404 });
  const q = new URL(request.url).searchParams;
  const result = await completeSnsLink({
    db: context.db,
    actor: viewer,
    sns: snsContextFor(context.env),
    input: { source: parsed.data, code: q.get("code"), state: q.get("state"), error: q.get("error") },
  });
  const page = safeReturnPath(role, null);
  if (result.ok) return back(page, "linked");
  if (result.error === "forbidden") throw data(null, { status: 403 });
  return back(page, result.error);
}

/**
 * Whether a form posted to a page that also hosts other forms (the store's post page) belongs to
 * the link panel. Reads a copy of a small body (the panel's forms are a few fields), so the chosen
 * action can still read the original; a large or unsized body (a post with pictures or a video)
 * is never copied — a copy left unread would hold the whole upload in memory.
 */
export async function isSnsLinkForm(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  const small = /^application\/x-www-form-urlencoded/i.test(type) || length <= SNS_LINK_FORM_MAX_BYTES;
  if (!small) return false;
  const form = await readLimitedFormData(request.clone(), SNS_LINK_FORM_MAX_BYTES);
  return form.ok && (SNS_LINK_INTENTS as readonly string[]).includes(String(form.form.get("intent") ?? ""));
}
