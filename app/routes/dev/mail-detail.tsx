import { data, Form, Link, useNavigation } from "react-router";
import { requireDevTools } from "~/.server/http/dev-tools";
import { MailNotFoundError } from "~/.server/integrations/mail/mailer";
import { getOutboxMail } from "~/.server/services/mail/get-outbox-mail";
import { MAIL_STATUS_LABELS } from "~/domain/mail-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mail-detail";

const TOKYO_TIME = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** http(s) URLs in a text body; the capture group keeps them in `split`'s output. */
const URL_PATTERN = /(https?:\/\/[^\s<>"'「」（）()]+)/;

export async function loader({ params, context }: Route.LoaderArgs) {
  requireDevTools(context);
  const mail = await getOutboxMail({ db: context.db, input: { id: params.id } });
  if (!mail) throw data(null, { status: 404 });
  return {
    smtp: Boolean(context.env.smtpUrl),
    mail: {
      id: mail.id,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      status: mail.status,
      error: mail.error,
      meta: mail.meta,
      text: mail.text,
      html: mail.html,
      createdAt: TOKYO_TIME.format(mail.created_at),
      sentAt: mail.sent_at ? TOKYO_TIME.format(mail.sent_at) : null,
    },
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  requireDevTools(context);
  if (!context.env.smtpUrl) {
    return data({ resent: null, message: "SMTP_URL が未設定のため再送信できません。" }, { status: 400 });
  }
  try {
    const result = await context.mailer.resend(params.id);
    return {
      resent: result.status,
      message:
        result.status === "queued"
          ? "再送信を予約しました。まもなく送信されます。"
          : "このメールは送信待ちです。",
    };
  } catch (error) {
    if (error instanceof MailNotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const subject = loaderData?.mail.subject;
  return [
    { title: pageTitle(subject ? `${subject}（開発用）` : "送信メール（開発用）") },
    { name: "robots", content: "noindex" },
  ];
}

function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={i} href={part} className="text-brand-600 underline" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function DevMailDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { mail, smtp } = loaderData;
  const navigation = useNavigation();
  const resending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const headers: [string, string][] = [
    ["宛先", mail.to],
    ["件名", mail.subject],
    ["種類", mail.kind],
    ["状態", MAIL_STATUS_LABELS[mail.status]],
    ["作成日時", mail.createdAt],
    ...(mail.sentAt ? ([["送信日時", mail.sentAt]] as [string, string][]) : []),
    ...(mail.error ? ([["エラー", mail.error]] as [string, string][]) : []),
    ...Object.entries(mail.meta).map(([key, value]) => [`meta.${key}`, value] as [string, string]),
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Link to="/dev/mail" className="text-brand-600 text-sm hover:underline">
        ← 送信メール一覧へ
      </Link>

      <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wide:p-6">
        <h1 className="break-all font-bold text-xl">{mail.subject}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {headers.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>

        {smtp && (
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="submit"
              disabled={resending}
              className="rounded-full bg-brand-600 px-5 py-2.5 font-bold text-sm text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {resending ? "再送信中…" : "再送信"}
            </button>
            {actionData?.message && (
              <p role="status" className={actionData.resent === "sent" ? "text-emerald-700" : "text-red-700"}>
                {actionData.message}
              </p>
            )}
          </Form>
        )}
      </section>

      <section aria-labelledby="text-body-heading">
        <h2 id="text-body-heading" className="mb-2 font-bold text-lg">
          テキスト本文
        </h2>
        <pre
          className="overflow-x-auto whitespace-pre-wrap break-all rounded-2xl bg-white p-4 font-sans text-sm leading-relaxed ring-1 ring-slate-200"
          data-testid="mail-text"
        >
          <LinkedText text={mail.text} />
        </pre>
      </section>

      <section aria-labelledby="html-body-heading">
        <h2 id="html-body-heading" className="mb-2 font-bold text-lg">
          HTML本文
        </h2>
        {/* sandbox="": no scripts, no navigation, no same-origin access for whatever the mail holds. */}
        <iframe
          sandbox=""
          srcDoc={mail.html}
          title="HTML本文のプレビュー"
          className="h-[640px] w-full rounded-2xl bg-white ring-1 ring-slate-200"
        />
      </section>
    </div>
  );
}
