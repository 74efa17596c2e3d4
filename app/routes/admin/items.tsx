import { data, Form } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import {
  type CatalogueActionData,
  type CatalogueIntent,
  catalogueReplies,
  runCatalogueAction,
} from "~/.server/http/catalogue-action";
import { readLimitedFormData } from "~/.server/http/limited-form-data";
import { MYPAGE_FORM_MAX_BYTES } from "~/.server/http/mypage-form";
import { deleteItem } from "~/.server/services/catalogue/delete-item";
import { listItemsForOperator } from "~/.server/services/catalogue/list-catalogue-for-operator";
import { retireItem } from "~/.server/services/catalogue/retire-item";
import { saveItem } from "~/.server/services/catalogue/save-item";
import { setItemImage } from "~/.server/services/catalogue/set-item-image";
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
import { CATALOGUE_DONE, CATALOGUE_LABELS, CATALOGUE_MESSAGES, ItemSchema } from "~/domain/admin-catalogue";
import { IMAGE_ACCEPT, IMAGE_MESSAGES } from "~/domain/images";
import { formatCoins, formatPoints } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/items";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const items = await listItemsForOperator({ db: context.db, actor });
  return { items, done: doneMessage(new URL(request.url).searchParams.get("done"), CATALOGUE_DONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const read = await readLimitedFormData(request, MYPAGE_FORM_MAX_BYTES);
  const form = read.ok ? read.form : new FormData();
  const intent = String(form.get("intent") ?? "") as CatalogueIntent;
  const id = String(form.get("item_id") ?? "").trim();
  const replies = catalogueReplies("/admin/items", "item_id", intent, id);
  if (!read.ok)
    return read.error === "too_large"
      ? data<CatalogueActionData>(
          { intent: "image", id, values: {}, errors: { image: IMAGE_MESSAGES.too_large } },
          { status: 400 },
        )
      : replies.refused(CATALOGUE_MESSAGES.unreadable, 400);
  const { db, images } = context;
  return runCatalogueAction(form, id, replies, {
    schema: ItemSchema,
    save: (mode, item) => saveItem({ db, actor, input: { mode, item } }),
    retire: (itemId, retire) => retireItem({ db, actor, input: { itemId, retire } }),
    remove: (itemId) => deleteItem({ db, images, actor, input: { itemId } }),
    image: (itemId, upload) => setItemImage({ db, images, actor, input: { itemId, ...upload } }),
  });
}

export function meta() {
  return [{ title: pageTitle("アイテム") }, { name: "robots", content: "noindex, nofollow" }];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminItems({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const result = actionData as CatalogueActionData | undefined;
  return (
    <CataloguePage
      title="アイテム"
      lead="リスナーがコインで購入し、キャストや店舗に贈るアイテムです。購入されたことのあるアイテムは削除できません。販売をやめるときは「販売終了」にしてください（持っているアイテムは引き続き贈れます）。"
      createTitle="アイテムを追加する"
      createForm={<ItemForm intent="create" result={result?.intent === "create" ? result : null} />}
      emptyTitle="アイテムはまだありません"
      done={done}
    >
      {items.map((item) => (
        <CatalogueEntry
          key={item.item_id}
          testId="item-row"
          idField="item_id"
          id={item.item_id}
          name={item.name}
          status={item.status}
          sold={item.sold}
          sortOrder={item.sort_order}
          picture={
            item.image_url ? (
              <img src={item.image_url} alt="" className="size-14 rounded-lg bg-slate-100 object-contain" />
            ) : (
              <span className="flex size-14 items-center justify-center rounded-lg bg-slate-100 text-slate-400 text-xs">
                画像なし
              </span>
            )
          }
          facts={`${formatCoins(item.coin_price)}・換金 ${formatPoints(item.point_value)}`}
          result={resultFor(result, item.item_id)}
          editForm={
            <ItemForm
              intent="update"
              item={item}
              result={result?.id === item.item_id && result.intent === "update" ? result : null}
            />
          }
        >
          <ItemImageForm itemId={item.item_id} error={resultFor(result, item.item_id)?.errors.image} />
        </CatalogueEntry>
      ))}
    </CataloguePage>
  );
}

/** The picture of an item, through the image pipeline (re-encoded). */
function ItemImageForm({ itemId, error }: { itemId: string; error: string | undefined }) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-3 space-y-2"
      data-testid="item-image-form"
    >
      <input type="hidden" name="item_id" value={itemId} />
      <input type="hidden" name="intent" value="image" />
      <label className="block font-bold text-sm" htmlFor={`image-${itemId}`}>
        画像を変更する（JPEG・PNG・WebP・GIF・AVIF）
      </label>
      <input
        id={`image-${itemId}`}
        type="file"
        name="image"
        accept={IMAGE_ACCEPT}
        className="block w-full text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `image-${itemId}-error` : undefined}
      />
      {error ? (
        <p id={`image-${itemId}-error`} className="text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      <SubmitButton variant="secondary" block={false} pendingLabel="送信中…">
        画像を登録する
      </SubmitButton>
    </Form>
  );
}

function ItemForm({
  intent,
  item,
  result,
}: {
  intent: "create" | "update";
  item?: Item;
  result: CatalogueResult | null;
}) {
  const id = intent === "create" ? "item-new" : `item-${item?.item_id}`;
  const { fields, errors } = useSchemaForm(ItemSchema, {
    id,
    result,
    defaultValue: item
      ? {
          item_id: item.item_id,
          name: item.name,
          coin_price: String(item.coin_price),
          point_value: String(item.point_value),
          sort_order: String(item.sort_order),
        }
      : { sort_order: "0" },
  });
  return (
    <Form method="post" className="space-y-3" noValidate>
      <FormErrorSummary errors={errors} idPrefix={id} labels={CATALOGUE_LABELS} />
      <input type="hidden" name="intent" value={intent} />
      {intent === "update" ? (
        <input type="hidden" name="item_id" value={item?.item_id} />
      ) : (
        <TextInput
          {...field(fields.item_id)}
          label={CATALOGUE_LABELS.item_id}
          hint="例: sakura-fan（後から変更できません。画像は追加後に登録します）"
        />
      )}
      <TextInput {...field(fields.name)} label={CATALOGUE_LABELS.name} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput {...field(fields.coin_price)} label={CATALOGUE_LABELS.coin_price} inputMode="numeric" />
        <TextInput {...field(fields.point_value)} label={CATALOGUE_LABELS.point_value} inputMode="numeric" />
        <TextInput {...field(fields.sort_order)} label={CATALOGUE_LABELS.sort_order} inputMode="numeric" />
      </div>
      <SubmitButton block={false} pendingLabel="保存中…">
        {intent === "create" ? "追加する" : "保存する"}
      </SubmitButton>
    </Form>
  );
}
