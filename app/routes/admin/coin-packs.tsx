import { data, Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, parseForm, readFormData } from "~/.server/http/form";
import { deleteCoinPack } from "~/.server/services/admin/delete-coin-pack";
import { listCoinPacksForOperator } from "~/.server/services/admin/list-catalogue-for-operator";
import { retireCoinPack } from "~/.server/services/admin/retire-coin-pack";
import { saveCoinPack } from "~/.server/services/admin/save-coin-pack";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/mypage/ui";
import {
  CATALOGUE_DONE,
  CATALOGUE_ID,
  CATALOGUE_LABELS,
  CATALOGUE_MESSAGES,
  CATALOGUE_STATUS_LABELS,
  CoinPackSchema,
} from "~/domain/admin-catalogue";
import { formatCoins, formatYen } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coin-packs";

type Intent = "create" | "update" | "retire" | "restore" | "delete";

interface CatalogueActionData {
  intent: Intent | "";
  id: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const packs = await listCoinPacksForOperator({ db: context.db, actor });
  return { packs, done: doneMessage(new URL(request.url).searchParams.get("done"), CATALOGUE_DONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("pack_id") ?? "").trim();
  const done = (key: keyof typeof CATALOGUE_DONE) => redirect(`/admin/coin-packs?done=${key}`);
  const refused = (message: string, status = 409, values: Record<string, unknown> = {}) =>
    data<CatalogueActionData>({ intent, id, values, errors: { [FORM_ERROR_KEY]: message } }, { status });
  const failure = (error: string, values: Record<string, unknown> = {}) =>
    error === "duplicate"
      ? data<CatalogueActionData>(
          { intent, id, values, errors: { pack_id: CATALOGUE_MESSAGES.duplicate } },
          { status: 409 },
        )
      : refused(
          CATALOGUE_MESSAGES[error as "not_found" | "pack_sold"] ?? CATALOGUE_MESSAGES.not_found,
          409,
          values,
        );
  switch (intent) {
    case "create":
    case "update": {
      const parsed = await parseForm(form, CoinPackSchema);
      if (!parsed.ok)
        return data<CatalogueActionData>(
          { intent, id, values: parsed.values, errors: parsed.errors },
          { status: 400 },
        );
      const result = await saveCoinPack({
        db: context.db,
        actor,
        input: { mode: intent, pack: parsed.data },
      });
      return result.ok
        ? done(intent === "create" ? "created" : "updated")
        : failure(result.error, parsed.values);
    }
    case "retire":
    case "restore": {
      if (!CATALOGUE_ID.test(id)) return refused(CATALOGUE_MESSAGES.unreadable, 400);
      const result = await retireCoinPack({
        db: context.db,
        actor,
        input: { packId: id, retire: intent === "retire" },
      });
      return result.ok ? done(intent === "retire" ? "retired" : "restored") : failure(result.error);
    }
    case "delete": {
      if (!CATALOGUE_ID.test(id)) return refused(CATALOGUE_MESSAGES.unreadable, 400);
      const result = await deleteCoinPack({ db: context.db, actor, input: { packId: id } });
      return result.ok ? done("deleted") : failure(result.error);
    }
    default:
      return refused(CATALOGUE_MESSAGES.unreadable, 400);
  }
}

export function meta() {
  return [{ title: pageTitle("コインパック") }, { name: "robots", content: "noindex, nofollow" }];
}

type Pack = Route.ComponentProps["loaderData"]["packs"][number];

export default function AdminCoinPacks({ loaderData, actionData }: Route.ComponentProps) {
  const { packs, done } = loaderData;
  const result = actionData as CatalogueActionData | undefined;
  return (
    <>
      <PageHeader
        title="コインパック"
        lead="リスナーが購入できるコインのパックです。購入されたことのあるパックは削除できません。販売をやめるときは「販売終了」にしてください（過去の購入履歴はそのまま残ります）。"
      />
      <Card title="パックを追加する" id="new">
        <PackForm intent="create" result={result?.intent === "create" ? result : null} />
      </Card>
      {packs.length === 0 ? (
        <EmptyState title="コインパックはまだありません" />
      ) : (
        <ul className="mt-4 space-y-3">
          {packs.map((pack) => (
            <PackCard
              key={pack.pack_id}
              pack={pack}
              result={result?.id === pack.pack_id && result.intent !== "create" ? result : null}
            />
          ))}
        </ul>
      )}
      <FlashMessage message={done} tone="success" />
    </>
  );
}

function PackCard({ pack, result }: { pack: Pack; result: CatalogueActionData | null }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="coin-pack-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-bold">{pack.name}</p>
          <p className="text-slate-600 text-sm">
            {formatCoins(pack.coins)}
            {pack.bonus_coins > 0 ? `＋ボーナス${formatCoins(pack.bonus_coins)}` : ""}・
            {formatYen(pack.price_jpy)}（税込）
          </p>
          <p className="text-slate-500 text-xs">
            ID <code>{pack.pack_id}</code>・表示順 {pack.sort_order}
            {pack.sold ? "・購入実績あり" : ""}
          </p>
        </div>
        <Badge tone={pack.status === "active" ? "green" : "gray"}>
          {CATALOGUE_STATUS_LABELS[pack.status]}
        </Badge>
      </div>
      {result?.errors._form ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-red-800 text-sm">
          {result.errors._form}
        </p>
      ) : null}
      <details
        className="mt-3 rounded-xl ring-1 ring-slate-200"
        open={result?.intent === "update" ? true : undefined}
      >
        <summary className="flex min-h-11 cursor-pointer items-center px-4 font-bold text-sm">
          編集する
        </summary>
        <div className="px-4 pb-4">
          <PackForm intent="update" pack={pack} result={result?.intent === "update" ? result : null} />
        </div>
      </details>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="pack_id" value={pack.pack_id} />
          <input type="hidden" name="intent" value={pack.status === "active" ? "retire" : "restore"} />
          <SubmitButton variant="secondary" block={false} pendingLabel="更新中…">
            {pack.status === "active" ? "販売終了にする" : "販売を再開する"}
          </SubmitButton>
        </Form>
        {pack.sold ? (
          <p className="self-center text-slate-500 text-xs">購入実績があるため削除できません</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="pack_id" value={pack.pack_id} />
            <input type="hidden" name="intent" value="delete" />
            <SubmitButton variant="secondary" block={false} pendingLabel="削除中…" className="text-red-700!">
              削除する
            </SubmitButton>
          </Form>
        )}
      </div>
    </li>
  );
}

function PackForm({
  intent,
  pack,
  result,
}: {
  intent: "create" | "update";
  pack?: Pack;
  result: CatalogueActionData | null;
}) {
  const id = intent === "create" ? "pack-new" : `pack-${pack?.pack_id}`;
  const { fields, errors } = useSchemaForm(CoinPackSchema, {
    id,
    result,
    defaultValue: pack
      ? {
          pack_id: pack.pack_id,
          name: pack.name,
          coins: String(pack.coins),
          bonus_coins: String(pack.bonus_coins),
          price_jpy: String(pack.price_jpy),
          sort_order: String(pack.sort_order),
        }
      : { bonus_coins: "0", sort_order: "0" },
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix={id} labels={CATALOGUE_LABELS} />
      <input type="hidden" name="intent" value={intent} />
      {intent === "update" ? (
        <input type="hidden" name="pack_id" value={pack?.pack_id} />
      ) : (
        <TextInput
          {...field(fields.pack_id)}
          label={CATALOGUE_LABELS.pack_id}
          hint="例: coins-2000（後から変更できません）"
        />
      )}
      <TextInput {...field(fields.name)} label={CATALOGUE_LABELS.name} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput {...field(fields.coins)} label={CATALOGUE_LABELS.coins} inputMode="numeric" />
        <TextInput {...field(fields.bonus_coins)} label={CATALOGUE_LABELS.bonus_coins} inputMode="numeric" />
        <TextInput {...field(fields.price_jpy)} label={CATALOGUE_LABELS.price_jpy} inputMode="numeric" />
        <TextInput {...field(fields.sort_order)} label={CATALOGUE_LABELS.sort_order} inputMode="numeric" />
      </div>
      <SubmitButton block={false} pendingLabel="保存中…">
        {intent === "create" ? "追加する" : "保存する"}
      </SubmitButton>
    </Form>
  );
}
