import { Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import type { MypageActionData } from "~/.server/http/mypage-form";
import { getTransferAccount } from "~/.server/services/payouts/get-transfer-account";
import { saveTransferAccount } from "~/.server/services/payouts/save-transfer-account";
import { FactList } from "~/components/admin/admin-ui";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import {
  ACCOUNT_TYPE_LABELS,
  BANK_NAME_MAX,
  CONSIGNOR_NAME_MAX,
  TRANSFER_ACCOUNT_LABELS,
  TRANSFER_ACCOUNT_TEXTS,
  TransferAccountSchema,
  transferAccountFormValues,
} from "~/domain/transfer-account";
import { ZENGIN_CONSIGNOR_KEYS, type ZenginConsignor } from "~/domain/zengin";
import { pageTitle } from "~/site";
import type { Route } from "./+types/transfer-settings";

const PATH = "/admin/settings/transfer";
const DONE = { saved: TRANSFER_ACCOUNT_TEXTS.saved, unchanged: TRANSFER_ACCOUNT_TEXTS.unchanged } as const;

/**
 * `/admin/settings/transfer` (ADR 0053): the platform's transfer account written into the 全銀
 * files of payouts (ADR 0036). While any ZENGIN_* variable is set the variables apply and the page
 * only shows them; otherwise the operator saves the account here (audited).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const settings = await getTransferAccount({ db: context.db, actor });
  return {
    source: settings.inForce.source,
    inForce: settings.inForce.consignor,
    missing: settings.inForce.missing.map((key) => TRANSFER_ACCOUNT_LABELS[key]),
    missingEnv: settings.inForce.missingEnv,
    stored: settings.stored,
    updated_at: settings.updated_at?.toISOString() ?? null,
    updated_by_email: settings.updated_by_email,
    done: doneMessage(new URL(request.url).searchParams.get("done"), DONE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  return dispatchIntent(
    form,
    {
      save: intent({
        schema: TransferAccountSchema,
        run: async (account, { refuse }) => {
          const result = await saveTransferAccount({ db: context.db, actor, input: { account } });
          if (!result.ok)
            return refuse(
              {
                [FORM_ERROR_KEY]:
                  result.error === "env_set"
                    ? TRANSFER_ACCOUNT_TEXTS.envSet
                    : TRANSFER_ACCOUNT_TEXTS.nameCharset,
              },
              409,
            );
          return redirect(`${PATH}?done=${result.changed ? "saved" : "unchanged"}`);
        },
      }),
    },
    { unknown: "操作を読み取れませんでした。もう一度お試しください" },
  );
}

export function meta() {
  return [
    { title: pageTitle(TRANSFER_ACCOUNT_TEXTS.title) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const accountRows = (account: ZenginConsignor) =>
  ZENGIN_CONSIGNOR_KEYS.map((key) => ({
    label: TRANSFER_ACCOUNT_LABELS[key],
    value: key === "accountType" ? ACCOUNT_TYPE_LABELS[account.accountType] : account[key] || "（なし）",
  }));

export default function AdminTransferSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { source, inForce, missing, missingEnv, stored, updated_at, updated_by_email, done } = loaderData;
  const result = (actionData as MypageActionData | undefined) ?? null;
  return (
    <>
      <PageHeader
        title={TRANSFER_ACCOUNT_TEXTS.title}
        back={{ to: "/admin/payouts", label: "出金申請へ" }}
        lead={TRANSFER_ACCOUNT_TEXTS.lead}
      />
      <div className="space-y-5">
        {source === "env" ? (
          <Card
            title="使われている口座（環境変数）"
            lead={
              <span className="flex flex-wrap items-center gap-2">
                <Badge tone="gray">環境変数</Badge>
                <span data-testid="transfer-env-note">{TRANSFER_ACCOUNT_TEXTS.envNote}</span>
              </span>
            }
          >
            <FactList rows={accountRows(inForce)} testId="transfer-env-account" />
            {missingEnv.length > 0 ? (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
                足りない・正しくない環境変数：{missingEnv.join("、")}
              </p>
            ) : null}
            {stored ? (
              <p className="mt-3 text-slate-600 text-sm">{TRANSFER_ACCOUNT_TEXTS.storedUnderEnv}</p>
            ) : null}
          </Card>
        ) : (
          <Card
            title={stored ? "口座を変更する" : "口座を設定する"}
            lead={
              stored && updated_at
                ? `最終更新 ${formatAdminDateTime(updated_at)}${updated_by_email ? `・${updated_by_email}` : ""}`
                : TRANSFER_ACCOUNT_TEXTS.none
            }
          >
            {source === "stored" && missing.length > 0 ? (
              <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
                保存済みの口座に使えない項目があります：{missing.join("、")}
              </p>
            ) : null}
            <TransferAccountForm stored={stored} result={result} />
          </Card>
        )}
      </div>
      <FlashMessage message={done} tone="success" />
    </>
  );
}

const LABELS = {
  bank_code: "金融機関コード（4桁）",
  bank_name: "金融機関名（カナ）",
  branch_code: "支店コード（3桁）",
  branch_name: "支店名（カナ）",
  account_type: "預金種目",
  account_number: "口座番号（7桁）",
  consignor_code: "委託者コード（10桁）",
  consignor_name: "委託者名（カナ）",
} as const;

function TransferAccountForm({
  stored,
  result,
}: {
  stored: ZenginConsignor | null;
  result: MypageActionData | null;
}) {
  const { fields, errors } = useSchemaForm(TransferAccountSchema, {
    id: "transfer",
    defaultValue: stored ? transferAccountFormValues(stored) : { account_type: "saving" },
    result,
  });
  return (
    <Form method="post" className="space-y-4" noValidate>
      <FormErrorSummary errors={errors} idPrefix="transfer" labels={LABELS} order={Object.keys(LABELS)} />
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          {...field(fields.bank_code)}
          label={LABELS.bank_code}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          inputClassName="max-w-32"
        />
        <TextInput
          {...field(fields.bank_name)}
          label={LABELS.bank_name}
          required={false}
          hint={`半角に直して${BANK_NAME_MAX}文字まで。空欄でも振込データは作れます。`}
          autoComplete="off"
          maxLength={30}
        />
        <TextInput
          {...field(fields.branch_code)}
          label={LABELS.branch_code}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          inputClassName="max-w-32"
        />
        <TextInput
          {...field(fields.branch_name)}
          label={LABELS.branch_name}
          required={false}
          hint={`半角に直して${BANK_NAME_MAX}文字まで。`}
          autoComplete="off"
          maxLength={30}
        />
      </div>
      <RadioGroup
        {...field(fields.account_type)}
        label={LABELS.account_type}
        inline
        options={[
          { value: "saving", label: ACCOUNT_TYPE_LABELS.saving },
          { value: "checking", label: ACCOUNT_TYPE_LABELS.checking },
        ]}
      />
      <TextInput
        {...field(fields.account_number)}
        label={LABELS.account_number}
        hint="7桁に満たないときは先頭を0で埋めてください。"
        inputMode="numeric"
        autoComplete="off"
        maxLength={12}
        inputClassName="max-w-40"
      />
      <TextInput
        {...field(fields.consignor_code)}
        label={LABELS.consignor_code}
        hint="総合振込の契約で銀行から知らされる番号です。"
        inputMode="numeric"
        autoComplete="off"
        maxLength={16}
        inputClassName="max-w-48"
      />
      <TextInput
        {...field(fields.consignor_name)}
        label={LABELS.consignor_name}
        hint={`全角・半角のカタカナで入力すると、全銀形式の半角カナ（例：ｶ)ﾖﾙﾅﾋﾞ）にして保存します。半角に直して${CONSIGNOR_NAME_MAX}文字まで。`}
        autoComplete="off"
        maxLength={80}
      />
      <SubmitButton block={false} pendingLabel="保存中…">
        振込元口座を保存
      </SubmitButton>
    </Form>
  );
}
