import { data, Form, redirect } from "react-router";
import type { z } from "zod";
import { operatorActor } from "~/.server/http/admin";
import { type FieldErrors, type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { decideAgeVerification } from "~/.server/services/age-verification/decide-age-verification";
import { getAgeVerification } from "~/.server/services/age-verification/get-age-verification";
import { FactList } from "~/components/admin/admin-ui";
import { useConfirmStep } from "~/components/admin/confirm-step";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, isRecordId } from "~/domain/admin";
import {
  AGE_DOCUMENT_LABELS,
  AGE_DOCUMENT_RETENTION_DAYS,
  AGE_VERIFICATION_STATE_LABELS,
  AgeDecisionSchema,
  MINIMUM_AGE,
} from "~/domain/age-verification";
import { confirmationField } from "~/domain/confirmation";
import { pageTitle } from "~/site";
import type { Route } from "./+types/age-verification";

const QUEUE = "/admin/age-verifications";

/** The two forms of the page: each is one branch of the decision (domain/age-verification.ts). */
const ApproveSchema = AgeDecisionSchema.options[0].omit({ decision: true });
/** Rejecting takes the console's confirmation step (ADR 0053). */
const RejectSchema = AgeDecisionSchema.options[1]
  .omit({ decision: true })
  .extend({ confirm: confirmationField("却下するときは、確認のチェックを入れてください") });

interface DecisionActionData {
  intent: string;
  values: FormValues;
  errors: FieldErrors;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  if (!isRecordId(params.id)) throw new Response(null, { status: 404 });
  const item = await getAgeVerification({ db: context.db, actor, input: { id: params.id } });
  if (!item) throw new Response(null, { status: 404 });
  return {
    item: {
      ...item,
      createdAt: item.createdAt.toISOString(),
      decidedAt: item.decidedAt?.toISOString() ?? null,
      documentDeletedAt: item.documentDeletedAt?.toISOString() ?? null,
    },
  };
}

/** 承認 (with the birth date) or 却下 (with a reason) of a pending document (ADR 0055). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  if (!isRecordId(params.id)) throw new Response(null, { status: 404 });
  const id = params.id;
  const form = (await readFormData(request)) ?? new FormData();
  const refusal = (name: string, values: FormValues, errors: FieldErrors, status = 400) =>
    data<DecisionActionData>({ intent: name, values, errors }, { status });
  const decide = async (
    decision: z.output<typeof AgeDecisionSchema>,
    refuse: (errors: FieldErrors, status?: number) => ReturnType<typeof refusal>,
  ) => {
    const result = await decideAgeVerification({
      db: context.db,
      mailer: context.mailer,
      baseUrl: context.env.baseUrl,
      actor,
      input: { id, decision },
    });
    if (result.ok) return redirect(`${QUEUE}?done=${result.status}`);
    if (result.error === "not_found") throw new Response(null, { status: 404 });
    return refuse({ _form: result.message }, 409);
  };
  return dispatchIntent(
    form,
    {
      approve: intent({
        schema: ApproveSchema,
        run: (input, { refuse }) => decide({ decision: "approve", ...input }, refuse),
      }),
      reject: intent({
        schema: RejectSchema,
        run: (input, { refuse }) => decide({ decision: "reject", reason: input.reason }, refuse),
      }),
    },
    { refusal },
  );
}

export function meta() {
  return [{ title: pageTitle("年齢確認の判定") }, { name: "robots", content: "noindex, nofollow" }];
}

type Item = Route.ComponentProps["loaderData"]["item"];

export default function AdminAgeVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const result = (actionData as DecisionActionData | undefined) ?? null;
  return (
    <>
      <PageHeader
        title="年齢確認の判定"
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={item.status === "verified" ? "green" : item.status === "rejected" ? "red" : "brand"}>
              {AGE_VERIFICATION_STATE_LABELS[item.status]}
            </Badge>
            <span>
              {item.nickname || "（ニックネーム未設定）"}・{item.email}
            </span>
          </span>
        }
        back={{ to: QUEUE, label: "年齢確認の一覧へ" }}
      />
      <div className="space-y-5">
        <Card title="申請の内容">
          <FactList rows={factsOf(item)} testId="age-verification-facts" />
        </Card>
        <DocumentCard item={item} />
        {item.status === "pending" ? (
          <>
            <ApproveForm result={result?.intent === "approve" ? result : null} />
            <RejectForm result={result?.intent === "reject" ? result : null} />
          </>
        ) : null}
        {result?.errors._form && result.intent !== "approve" && result.intent !== "reject" ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 text-sm">
            {result.errors._form}
          </p>
        ) : null}
      </div>
    </>
  );
}

function factsOf(item: Item) {
  return [
    {
      label: "方法",
      value:
        item.method === "card"
          ? "クレジットカード決済"
          : item.documentKind
            ? AGE_DOCUMENT_LABELS[item.documentKind]
            : "本人確認書類",
    },
    { label: "受付日時", value: formatAdminDateTime(item.createdAt) },
    ...(item.decidedAt ? [{ label: "判定日時", value: formatAdminDateTime(item.decidedAt) }] : []),
    ...(item.birthDate ? [{ label: "生年月日", value: item.birthDate }] : []),
    ...(item.rejectReason ? [{ label: "却下の理由", value: item.rejectReason }] : []),
  ];
}

function DocumentCard({ item }: { item: Item }) {
  if (item.method === "card") return null;
  return (
    <Card
      title="書類の画像"
      lead={`表示するたびに操作ログに記録されます。判定から${AGE_DOCUMENT_RETENTION_DAYS}日後に削除されます。`}
    >
      {item.hasDocument ? (
        <img
          src={`${QUEUE}/${item.id}/document`}
          alt="リスナーが送った本人確認書類"
          className="max-h-[70vh] w-auto rounded-lg ring-1 ring-slate-200"
          data-testid="age-document"
        />
      ) : (
        <p className="text-slate-600 text-sm" data-testid="age-document-deleted">
          画像は削除済みです
          {item.documentDeletedAt ? `（${formatAdminDateTime(item.documentDeletedAt)}）` : ""}。
        </p>
      )}
    </Card>
  );
}

function ApproveForm({ result }: { result: DecisionActionData | null }) {
  const { fields, errors } = useSchemaForm(ApproveSchema, { id: "approve", result: result ?? undefined });
  return (
    <Card
      title="承認する"
      lead={`書類に記載された生年月日を入力してください。${MINIMUM_AGE}歳未満の場合は承認できず、自動的に却下として記録されます。`}
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormErrorSummary errors={errors} labels={{ birth_date: "生年月日" }} idPrefix="approve" />
        <input type="hidden" name="intent" value="approve" />
        <TextInput {...field(fields.birth_date)} label="生年月日" type="date" />
        <SubmitButton pendingLabel="承認中…">承認する</SubmitButton>
      </Form>
    </Card>
  );
}

function RejectForm({ result }: { result: DecisionActionData | null }) {
  const { fields, errors } = useSchemaForm(RejectSchema, { id: "reject", result: result ?? undefined });
  const step = useConfirmStep({
    id: "reject",
    error: errors.confirm,
    checkboxLabel: "この申請を却下することを確認しました",
    title: "年齢確認を却下しますか？",
    description: "リスナーには理由がメールで届きます。リスナーは書類をもう一度送れます。",
    summary: (data) => [{ label: "却下の理由", value: String(data.get("reason") ?? "").trim() }],
    confirmLabel: "却下する",
  });
  return (
    <Card
      title="却下する"
      lead="理由はリスナーにメールで届きます（例：生年月日が読み取れない、書類の種類が対象外）。"
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={step.onSubmit}>
        <FormErrorSummary
          errors={errors}
          labels={{ reason: "却下の理由", confirm: "確認" }}
          idPrefix="reject"
        />
        <input type="hidden" name="intent" value="reject" />
        <TextareaInput {...field(fields.reason)} label="却下の理由" rows={3} maxLength={200} />
        {step.checkbox}
        <SubmitButton variant="secondary" pendingLabel="却下中…">
          却下する
        </SubmitButton>
        {step.dialog}
      </Form>
    </Card>
  );
}
