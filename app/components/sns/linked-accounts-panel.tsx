import { Form } from "react-router";
import { formatMonthDayTime } from "~/domain/relative-time";
import { SNS_LINK_MESSAGES as M, type SnsLinkView, YouTubeChannelInputSchema } from "~/domain/sns-links";
import { FormErrorSummary } from "../form/form-error-summary";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { field, useSchemaForm } from "../form/use-schema-form";
import { Badge, Card } from "../ui/kit";

/**
 * The linked Instagram / TikTok / YouTube accounts of a staff member or a store (ADR 0024):
 * one row per source with its state and the one thing to do next. Every form posts to `action`
 * (the page itself, or the store's resource route) with `return_to`, so the panel can live on any
 * page of the owner's mypage.
 */
export interface LinkedAccountsPanelProps {
  links: SnsLinkView[];
  action: string;
  /** The page to come back to after a form (the page showing the panel). */
  returnTo: string;
  /** The action's answer for the YouTube form (400 with the message next to the field). */
  youtubeResult?: { errors: Record<string, string>; values: { channel: string } } | null;
}

export function LinkedAccountsPanel({ links, action, returnTo, youtubeResult }: LinkedAccountsPanelProps) {
  return (
    <div className="space-y-4" data-testid="linked-accounts">
      {links.map((link) => (
        <Card
          key={link.source}
          id={`sns-${link.source}`}
          title={link.label}
          actions={<StateBadge link={link} />}
          testId={`sns-link-${link.source}`}
        >
          <LinkBody link={link} action={action} returnTo={returnTo} youtubeResult={youtubeResult} />
        </Card>
      ))}
    </div>
  );
}

function StateBadge({ link }: { link: SnsLinkView }) {
  if (link.state === "linked") return <Badge tone="green">{M.linked}</Badge>;
  if (link.state === "broken") return <Badge tone="red">{M.broken}</Badge>;
  if (link.state === "not_configured") return <Badge tone="gray">未設定</Badge>;
  return <Badge tone="gray">{M.notLinked}</Badge>;
}

function accountName(link: SnsLinkView): string {
  // Instagram names are handles; TikTok's is a display name, YouTube's a channel title.
  return link.source === "instagram" ? `@${link.displayName ?? ""}` : (link.displayName ?? "");
}

function LinkBody({
  link,
  action,
  returnTo,
  youtubeResult,
}: {
  link: SnsLinkView;
  action: string;
  returnTo: string;
  youtubeResult?: LinkedAccountsPanelProps["youtubeResult"];
}) {
  if (link.state === "not_configured") {
    const noteId = `sns-${link.source}-not-configured`;
    return (
      <div className="space-y-3">
        <p id={noteId} className="text-slate-600 text-sm leading-relaxed">
          {M.notConfigured}
        </p>
        <button
          type="button"
          disabled
          aria-describedby={noteId}
          className="inline-flex min-h-11 w-full cursor-not-allowed items-center justify-center rounded-full bg-slate-200 px-5 py-2.5 font-bold text-slate-500 text-sm sm:w-auto"
        >
          {M.connect}（未設定）
        </button>
      </div>
    );
  }
  const connect =
    link.source === "youtube" ? (
      <YouTubeForm action={action} returnTo={returnTo} result={youtubeResult} />
    ) : (
      <Form method="post" action={action} reloadDocument>
        <input type="hidden" name="intent" value="connect" />
        <input type="hidden" name="source" value={link.source} />
        <input type="hidden" name="return_to" value={returnTo} />
        <SubmitButton pendingLabel="移動中…">
          {link.state === "broken" ? M.reconnect : `${link.label}と${M.connect}`}
        </SubmitButton>
      </Form>
    );
  if (link.state === "not_linked") return connect;

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">アカウント</dt>
        <dd className="break-all font-bold">{accountName(link)}</dd>
        <dt className="text-slate-500">{M.lastImport}</dt>
        <dd>{link.lastImportAt ? formatMonthDayTime(link.lastImportAt) : M.neverImported}</dd>
      </dl>
      {link.state === "broken" ? (
        <div className="space-y-3 rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
          <p className="font-bold text-red-800 text-sm leading-relaxed" role="alert">
            {M.brokenLead}
          </p>
          {connect}
        </div>
      ) : null}
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="source" value={link.source} />
        <input type="hidden" name="return_to" value={returnTo} />
        <SubmitButton variant="secondary" pendingLabel="解除中…">
          {M.disconnect}
        </SubmitButton>
      </Form>
    </div>
  );
}

function YouTubeForm({
  action,
  returnTo,
  result,
}: {
  action: string;
  returnTo: string;
  result?: LinkedAccountsPanelProps["youtubeResult"];
}) {
  const { fields, errors } = useSchemaForm(YouTubeChannelInputSchema, { id: "youtube", result });
  return (
    <Form method="post" action={action} className="space-y-4" noValidate>
      <FormErrorSummary errors={errors} labels={{ channel: M.youtubeLabel }} idPrefix="youtube" />
      <input type="hidden" name="intent" value="youtube" />
      <input type="hidden" name="return_to" value={returnTo} />
      <TextInput
        {...field(fields.channel)}
        label={M.youtubeLabel}
        hint={M.youtubeHint}
        autoComplete="off"
        inputMode="url"
      />
      <SubmitButton pendingLabel="確認中…">YouTubeチャンネルを{M.connect}</SubmitButton>
    </Form>
  );
}
