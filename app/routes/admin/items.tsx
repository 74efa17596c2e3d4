import { data, Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, parseForm } from "~/.server/http/form";
import { readLimitedFormData } from "~/.server/http/limited-form-data";
import { MYPAGE_FORM_MAX_BYTES } from "~/.server/http/mypage-form";
import { deleteItem } from "~/.server/services/admin/delete-item";
import { listItemsForOperator } from "~/.server/services/admin/list-catalogue-for-operator";
import { retireItem } from "~/.server/services/admin/retire-item";
import { saveItem } from "~/.server/services/admin/save-item";
import { setItemImage } from "~/.server/services/admin/set-item-image";
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
  ItemSchema,
} from "~/domain/admin-catalogue";
import { IMAGE_ACCEPT, IMAGE_MESSAGES } from "~/domain/images";
import { formatCoins, formatPoints } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/items";

type Intent = "create" | "update" | "retire" | "restore" | "delete" | "image";

interface CatalogueActionData {
  intent: Intent | "";
  id: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const items = await listItemsForOperator({ db: context.db, actor });
  return { items, done: doneMessage(new URL(request.url).searchParams.get("done"), CATALOGUE_DONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const read = await readLimitedFormData(request, MYPAGE_FORM_MAX_BYTES);
  const form = read.ok ? read.form : new FormData();
  const intent = String(form.get("intent") ?? "") as Intent;
  const id = String(form.get("item_id") ?? "").trim();
  const done = (key: keyof typeof CATALOGUE_DONE) => redirect(`/admin/items?done=${key}`);
  const refused = (message: string, status = 409, values: Record<string, unknown> = {}) =>
    data<CatalogueActionData>({ intent, id, values, errors: { [FORM_ERROR_KEY]: message } }, { status });
  const failure = (error: string, values: Record<string, unknown> = {}) =>
    error === "duplicate"
      ? data<CatalogueActionData>(
          { intent, id, values, errors: { item_id: CATALOGUE_MESSAGES.duplicate } },
          { status: 409 },
        )
      : refused(
          CATALOGUE_MESSAGES[error as "not_found" | "item_sold"] ?? CATALOGUE_MESSAGES.not_found,
          409,
          values,
        );
  if (!read.ok)
    return read.error === "too_large"
      ? data<CatalogueActionData>(
          { intent: "image", id, values: {}, errors: { image: IMAGE_MESSAGES.too_large } },
          { status: 400 },
        )
      : refused(CATALOGUE_MESSAGES.unreadable, 400);
  switch (intent) {
    case "image": {
      if (!CATALOGUE_ID.test(id)) return refused(CATALOGUE_MESSAGES.unreadable, 400);
      const file = form.get("image");
      const imageError = (message: string, status = 400) =>
        data<CatalogueActionData>({ intent, id, values: {}, errors: { image: message } }, { status });
      if (!(file instanceof File) || file.size === 0) return imageError(IMAGE_MESSAGES.required);
      const result = await setItemImage({
        db: context.db,
        images: context.images,
        actor,
        input: { itemId: id, data: new Uint8Array(await file.arrayBuffer()), fileName: file.name },
      });
      if (result.ok) return done("image");
      if (result.error === "not_found") return refused(CATALOGUE_MESSAGES.not_found);
      return imageError(IMAGE_MESSAGES[result.error], result.error === "too_many_uploads" ? 429 : 400);
    }
    case "create":
    case "update": {
      const parsed = await parseForm(form, ItemSchema);
      if (!parsed.ok)
        return data<CatalogueActionData>(
          { intent, id, values: parsed.values, errors: parsed.errors },
          { status: 400 },
        );
      const result = await saveItem({ db: context.db, actor, input: { mode: intent, item: parsed.data } });
      return result.ok
        ? done(intent === "create" ? "created" : "updated")
        : failure(result.error, parsed.values);
    }
    case "retire":
    case "restore": {
      if (!CATALOGUE_ID.test(id)) return refused(CATALOGUE_MESSAGES.unreadable, 400);
      const result = await retireItem({
        db: context.db,
        actor,
        input: { itemId: id, retire: intent === "retire" },
      });
      return result.ok ? done(intent === "retire" ? "retired" : "restored") : failure(result.error);
    }
    case "delete": {
      if (!CATALOGUE_ID.test(id)) return refused(CATALOGUE_MESSAGES.unreadable, 400);
      const result = await deleteItem({
        db: context.db,
        images: context.images,
        actor,
        input: { itemId: id },
      });
      return result.ok ? done("deleted") : failure(result.error);
    }
    default:
      return refused(CATALOGUE_MESSAGES.unreadable, 400);
  }
}

export function meta() {
  return [{ title: pageTitle("アイテム") }, { name: "robots", content: "noindex, nofollow" }];
}

type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function AdminItems({ loaderData, actionData }: Route.ComponentProps) {
  const { items, done } = loaderData;
  const result = actionData as CatalogueActionData | undefined;
  return (
    <>
      <PageHeader
        title="アイテム"
        lead="リスナーがコインで購入し、キャストや店舗に贈るアイテムです。購入されたことのあるアイテムは削除できません。販売をやめるときは「販売終了」にしてください（持っているアイテムは引き続き贈れます）。"
      />
      <Card title="アイテムを追加する" id="new">
        <ItemForm intent="create" result={result?.intent === "create" ? result : null} />
      </Card>
      {items.length === 0 ? (
        <EmptyState title="アイテムはまだありません" />
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => (
            <ItemCard
              key={item.item_id}
              item={item}
              result={result?.id === item.item_id && result.intent !== "create" ? result : null}
            />
          ))}
        </ul>
      )}
      <FlashMessage message={done} tone="success" />
    </>
  );
}

function ItemCard({ item, result }: { item: Item; result: CatalogueActionData | null }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="item-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {item.image_url ? (
          <img src={item.image_url} alt="" className="size-14 rounded-lg bg-slate-100 object-contain" />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-lg bg-slate-100 text-slate-400 text-xs">
            画像なし
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="font-bold">{item.name}</p>
          <p className="text-slate-600 text-sm">
            {formatCoins(item.coin_price)}・換金 {formatPoints(item.point_value)}
          </p>
          <p className="text-slate-500 text-xs">
            ID <code>{item.item_id}</code>・表示順 {item.sort_order}
            {item.sold ? "・購入実績あり" : ""}
          </p>
        </div>
        <Badge tone={item.status === "active" ? "green" : "gray"}>
          {CATALOGUE_STATUS_LABELS[item.status]}
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
          <ItemForm intent="update" item={item} result={result?.intent === "update" ? result : null} />
        </div>
      </details>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-3 space-y-2"
        data-testid="item-image-form"
      >
        <input type="hidden" name="item_id" value={item.item_id} />
        <input type="hidden" name="intent" value="image" />
        <label className="block font-bold text-sm" htmlFor={`image-${item.item_id}`}>
          画像を変更する（JPEG・PNG・WebP・GIF・AVIF）
        </label>
        <input
          id={`image-${item.item_id}`}
          type="file"
          name="image"
          accept={IMAGE_ACCEPT}
          className="block w-full text-sm"
          aria-invalid={result?.errors.image ? true : undefined}
          aria-describedby={result?.errors.image ? `image-${item.item_id}-error` : undefined}
        />
        {result?.errors.image ? (
          <p id={`image-${item.item_id}-error`} className="text-red-700 text-sm">
            {result.errors.image}
          </p>
        ) : null}
        <SubmitButton variant="secondary" block={false} pendingLabel="送信中…">
          画像を登録する
        </SubmitButton>
      </Form>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="item_id" value={item.item_id} />
          <input type="hidden" name="intent" value={item.status === "active" ? "retire" : "restore"} />
          <SubmitButton variant="secondary" block={false} pendingLabel="更新中…">
            {item.status === "active" ? "販売終了にする" : "販売を再開する"}
          </SubmitButton>
        </Form>
        {item.sold ? (
          <p className="self-center text-slate-500 text-xs">購入実績があるため削除できません</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="item_id" value={item.item_id} />
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

function ItemForm({
  intent,
  item,
  result,
}: {
  intent: "create" | "update";
  item?: Item;
  result: CatalogueActionData | null;
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
