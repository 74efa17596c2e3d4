import { data, Form, Link } from "react-router";
import { z } from "zod";
import { readUnsubscribeLink } from "~/.server/services/notifications/read-unsubscribe-link";
import { unsubscribeByToken } from "~/.server/services/notifications/unsubscribe-by-token";
import { AuthCard, Notice } from "~/components/account/auth-card";
import { SubmitButton } from "~/components/form/submit-button";
import { settingsPath, UNSUBSCRIBE_TEXTS as T } from "~/domain/notifications";
import { pageTitle } from "~/site";
import type { Route } from "./+types/unsubscribe";

/**
 * The one-click unsubscribe of notification mail (ADR 0025, RFC 8058, ADR 0025). GET only shows
 * the button (link scanners fetch URLs; they must not unsubscribe anyone); POST — the page's button
 * or a mail provider's `List-Unsubscribe=One-Click` without cookies or Origin (server/same-origin.ts
 * lets exactly this path through) — turns the token's one setting off.
 */
const TokenSchema = z.string().min(1).max(512);

export function loader({ params, context }: Route.LoaderArgs) {
  const token = TokenSchema.safeParse(params.token);
  const link = token.success ? readUnsubscribeLink({ env: context.env, input: { token: token.data } }) : null;
  if (!link?.ok) return data({ state: "invalid" as const }, { status: 400 });
  return { state: "confirm" as const, label: link.label, role: link.role };
}

export async function action({ params, context }: Route.ActionArgs) {
  const token = TokenSchema.safeParse(params.token);
  if (!token.success) return data({ state: "invalid" as const }, { status: 400 });
  const result = await unsubscribeByToken({
    db: context.db,
    env: context.env,
    input: { token: token.data, clientIp: context.clientIp },
  });
  if (result.ok) return { state: "done" as const, label: result.label, role: result.role };
  if (result.error === "rate_limited") return data({ state: "rate_limited" as const }, { status: 429 });
  return data({ state: "invalid" as const }, { status: 400 });
}

export function meta() {
  return [{ title: pageTitle(T.title) }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const footer = (
    <Link to="/" className="text-brand-700 underline">
      {T.home}
    </Link>
  );
  if (view.state === "invalid" || view.state === "rate_limited")
    return (
      <AuthCard title={T.title} footer={footer}>
        <Notice tone="error">{view.state === "invalid" ? T.invalid : T.tooMany}</Notice>
      </AuthCard>
    );
  if (view.state === "done")
    return (
      <AuthCard title={T.title} footer={footer}>
        <Notice tone="success">{T.done(view.label)}</Notice>
        <p className="mt-4 text-slate-600 text-sm leading-relaxed">{T.doneNote}</p>
        <Link
          to={settingsPath(view.role)}
          className="mt-6 block rounded-full border border-slate-300 px-4 py-3 text-center font-bold text-slate-800 hover:bg-slate-50"
        >
          {T.settings}
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard title={T.title} footer={footer}>
      <p className="text-sm leading-relaxed">{T.lead(view.label)}</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <SubmitButton>{T.button}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
