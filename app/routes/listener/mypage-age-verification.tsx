import { data, Form, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { parseForm } from "~/.server/http/form";
import { readMypageForm } from "~/.server/http/mypage-form";
import { readAgeVerification } from "~/.server/services/age-verification/age-verification-state";
import { submitAgeDocument } from "~/.server/services/age-verification/submit-age-document";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { AgeDocumentField } from "~/components/mypage/age-document-field";
import { Badge, Card, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import {
  AGE_DOCUMENT_KINDS,
  AGE_DOCUMENT_LABELS,
  AGE_DOCUMENT_RETENTION_DAYS,
  AGE_VERIFICATION_PATH,
  AGE_VERIFICATION_STATE_LABELS,
  AGE_VERIFICATION_TEXTS,
  AgeDocumentSchema,
} from "~/domain/age-verification";
import { IMAGE_MESSAGES } from "~/domain/images";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-age-verification";

const DOCUMENT_OPTIONS = AGE_DOCUMENT_KINDS.map((value) => ({ value, label: AGE_DOCUMENT_LABELS[value] }));
const LABELS = { document_kind: "本人確認書類の種類", document: "書類の画像" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const view = await readAgeVerification(context.db, viewer.uid);
  const url = new URL(request.url);
  return {
    state: view.state,
    method: view.method,
    documentKind: view.documentKind,
    submittedAt: view.submittedAt?.toISOString() ?? null,
    rejectReason: view.rejectReason,
    /** Sent here by メッセージを送る (ADR 0055). */
    forMessage: url.searchParams.get("for") === "message",
    sent: url.searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const read = await readMypageForm(request);
  const refuse = (values: Record<string, string>, errors: Record<string, string>, status = 400) =>
    data({ values, errors }, { status });
  if (!read.ok) return refuse({}, { document: IMAGE_MESSAGES.too_large });
  const parsed = await parseForm(read.form, AgeDocumentSchema);
  const kind = String(read.form.get("document_kind") ?? "");
  const file = read.form.get("document");
  const picture = file instanceof File && file.size > 0 ? file : null;
  if (!parsed.ok || !picture)
    return refuse(
      { document_kind: kind },
      {
        ...(parsed.ok ? {} : parsed.errors),
        ...(picture ? {} : { document: AGE_VERIFICATION_TEXTS.pictureRequired }),
      },
    );
  const result = await submitAgeDocument({
    db: context.db,
    storage: context.storage,
    authSecret: context.env.authSecret,
    actor: viewer,
    input: { documentKind: parsed.data.document_kind, data: new Uint8Array(await picture.arrayBuffer()) },
  });
  if (result.ok) return redirect(`${AGE_VERIFICATION_PATH}?sent=1`);
  if (result.error === "forbidden") throw new Response(null, { status: 403 });
  if (result.error === "state") return refuse({ document_kind: kind }, { _form: result.message }, 409);
  return refuse({ document_kind: kind }, { document: IMAGE_MESSAGES[result.error] });
}

export function meta() {
  return [{ title: pageTitle("年齢確認") }, { name: "robots", content: "noindex" }];
}

const STATE_TONES = { none: "gray", pending: "brand", verified: "green", rejected: "red" } as const;

export default function AgeVerificationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { state, forMessage, sent } = loaderData;
  const canSend = state === "none" || state === "rejected";
  return (
    <>
      <PageHeader
        title="年齢確認"
        lead="キャストとのメッセージは、18歳以上であることを確認できた方だけがご利用いただけます（出会い系サイト規制法）。ギフトやライブのコメントは確認前でもご利用いただけます。"
      />
      <div className="space-y-5">
        {forMessage && state !== "verified" ? (
          <p role="status" className="rounded-xl bg-amber-50 p-4 font-bold text-amber-900 text-sm">
            {AGE_VERIFICATION_TEXTS.required}
          </p>
        ) : null}
        <FlashMessage
          message={
            sent && state === "pending" ? "書類を受け付けました。確認が終わるとお知らせします。" : null
          }
        />
        <Card title="現在の状態">
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="age-verification-state">
            <Badge tone={STATE_TONES[state]}>{AGE_VERIFICATION_STATE_LABELS[state]}</Badge>
            <StateDetail {...loaderData} />
          </p>
          {state === "verified" ? (
            <p className="mt-3 text-sm">
              <Link
                to="/search/staff"
                className="inline-block min-h-11 py-3 font-bold text-brand-700 underline"
              >
                キャストをさがしてメッセージを送る
              </Link>
            </p>
          ) : null}
        </Card>
        {canSend ? <DocumentForm actionData={actionData ?? null} /> : null}
        <Card title="お送りいただいた画像の扱い">
          <ul className="list-disc space-y-1 pl-5 text-slate-600 text-sm leading-relaxed">
            <li>
              画像は暗号化して保管し、確認を担当する運営スタッフだけが確認します。閲覧はすべて記録されます。
            </li>
            <li>
              確認が終わってから{AGE_DOCUMENT_RETENTION_DAYS}
              日後に画像を削除します。生年月日と確認の結果だけを残します。
            </li>
            <li>生年月日以外（氏名・住所・顔写真・番号など）は隠して撮影していただいて構いません。</li>
            <li>クレジットカードでコインを購入すると、書類の代わりに年齢確認が完了します。</li>
          </ul>
        </Card>
      </div>
    </>
  );
}

function StateDetail({
  state,
  method,
  documentKind,
  submittedAt,
  rejectReason,
}: {
  state: string;
  method: "document" | "card" | null;
  documentKind: keyof typeof AGE_DOCUMENT_LABELS | null;
  submittedAt: string | null;
  rejectReason: string | null;
}) {
  if (state === "none")
    return <span>まだ確認していません。下のフォームから書類の画像をお送りください。</span>;
  if (state === "pending")
    return (
      <span>
        {documentKind ? AGE_DOCUMENT_LABELS[documentKind] : "書類"}を
        {submittedAt ? `${formatAdminDateTime(submittedAt)}に` : ""}
        受け付けました。確認が終わるまでお待ちください。
      </span>
    );
  if (state === "verified")
    return (
      <span>{method === "card" ? "クレジットカードでのお支払いで" : "本人確認書類で"}確認しました。</span>
    );
  return <span>確認できませんでした：{rejectReason}。もう一度お送りください。</span>;
}

function DocumentForm({
  actionData,
}: {
  actionData: { values?: Record<string, unknown>; errors?: Record<string, string> } | null;
}) {
  const { fields, errors } = useSchemaForm(AgeDocumentSchema, { result: actionData ?? undefined });
  return (
    <Card title="書類の画像を送る">
      <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
        <FormErrorSummary errors={errors} labels={LABELS} order={["document_kind", "document"]} />
        <RadioGroup
          {...field(fields.document_kind)}
          label={LABELS.document_kind}
          options={DOCUMENT_OPTIONS}
        />
        <AgeDocumentField name="document" label={LABELS.document} error={errors.document} />
        <SubmitButton pendingLabel="送信中…">この画像で年齢確認を申し込む</SubmitButton>
      </Form>
    </Card>
  );
}
