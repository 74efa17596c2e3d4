import { Form } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import {
  type CatalogueActionData,
  type CatalogueIntent,
  catalogueReplies,
  runCatalogueAction,
} from "~/.server/http/catalogue-action";
import { readFormData } from "~/.server/http/form";
import { deleteCoinPack } from "~/.server/services/catalogue/delete-coin-pack";
import { listCoinPacksForOperator } from "~/.server/services/catalogue/list-catalogue-for-operator";
import { retireCoinPack } from "~/.server/services/catalogue/retire-coin-pack";
import { saveCoinPack } from "~/.server/services/catalogue/save-coin-pack";
import {
  CatalogueEntry,
  CataloguePage,
  type CatalogueResult,
  resultFor,
} from "~/components/admin/catalogue-entry";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { doneMessage } from "~/components/ui/kit";
import { CATALOGUE_DONE, CATALOGUE_LABELS, CoinPackSchema } from "~/domain/admin-catalogue";
import { formatCoins, formatYen } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coin-packs";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const packs = await listCoinPacksForOperator({ db: context.db, actor });
  return { packs, done: doneMessage(new URL(request.url).searchParams.get("done"), CATALOGUE_DONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const intent = String(form.get("intent") ?? "") as CatalogueIntent;
  const id = String(form.get("pack_id") ?? "").trim();
  const { db } = context;
  return runCatalogueAction(form, id, catalogueReplies("/admin/coin-packs", "pack_id", intent, id), {
    schema: CoinPackSchema,
    save: (mode, pack) => saveCoinPack({ db, actor, input: { mode, pack } }),
    retire: (packId, retire) => retireCoinPack({ db, actor, input: { packId, retire } }),
    remove: (packId) => deleteCoinPack({ db, actor, input: { packId } }),
  });
}

export function meta() {
  return [{ title: pageTitle("コインパック") }, { name: "robots", content: "noindex, nofollow" }];
}

type Pack = Route.ComponentProps["loaderData"]["packs"][number];

export default function AdminCoinPacks({ loaderData, actionData }: Route.ComponentProps) {
  const { packs, done } = loaderData;
  const result = actionData as CatalogueActionData | undefined;
  return (
    <CataloguePage
      title="コインパック"
      lead="リスナーが購入できるコインのパックです。購入されたことのあるパックは削除できません。販売をやめるときは「販売終了」にしてください（過去の購入履歴はそのまま残ります）。"
      createTitle="パックを追加する"
      createForm={<PackForm intent="create" result={result?.intent === "create" ? result : null} />}
      emptyTitle="コインパックはまだありません"
      done={done}
    >
      {packs.map((pack) => (
        <CatalogueEntry
          key={pack.pack_id}
          testId="coin-pack-row"
          idField="pack_id"
          id={pack.pack_id}
          name={pack.name}
          status={pack.status}
          sold={pack.sold}
          sortOrder={pack.sort_order}
          facts={
            <>
              {formatCoins(pack.coins)}
              {pack.bonus_coins > 0 ? `＋ボーナス${formatCoins(pack.bonus_coins)}` : ""}・
              {formatYen(pack.price_jpy)}（税込）
            </>
          }
          result={resultFor(result, pack.pack_id)}
          editForm={
            <PackForm
              intent="update"
              pack={pack}
              result={result?.id === pack.pack_id && result.intent === "update" ? result : null}
            />
          }
        />
      ))}
    </CataloguePage>
  );
}

function PackForm({
  intent,
  pack,
  result,
}: {
  intent: "create" | "update";
  pack?: Pack;
  result: CatalogueResult | null;
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
