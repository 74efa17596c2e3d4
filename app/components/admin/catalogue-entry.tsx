import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, Card, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { CATALOGUE_STATUS_LABELS } from "~/domain/admin-catalogue";

/** What a refused action sent back, as the catalogue pages read it (CatalogueActionData). */
export interface CatalogueResult {
  intent: string;
  id: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

/**
 * A catalogue page of the operator's console (`/admin/coin-packs`, `/admin/items`): the lead, the
 * form that adds an entry, the entries (or an empty state) and the flash of the last action.
 */
export function CataloguePage({
  title,
  lead,
  createTitle,
  createForm,
  emptyTitle,
  done,
  children,
}: {
  title: string;
  lead: string;
  createTitle: string;
  createForm: ReactNode;
  emptyTitle: string;
  done: string | null;
  /** The entries; none (an empty array) shows the empty state. */
  children: ReactNode[];
}) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <Card title={createTitle} id="new">
        {createForm}
      </Card>
      {children.length === 0 ? (
        <EmptyState title={emptyTitle} />
      ) : (
        <ul className="mt-4 space-y-3">{children}</ul>
      )}
      <FlashMessage message={done} tone="success" />
    </>
  );
}

/**
 * One entry: its picture (items), its facts, its status, the refusal of the last action on it, the
 * edit form in a disclosure (open after a refused edit), anything else (`children`: the picture
 * form) and 販売終了 / 販売を再開 and 削除 (never for an entry that was sold).
 */
export function CatalogueEntry({
  testId,
  idField,
  id,
  name,
  status,
  sold,
  picture,
  facts,
  sortOrder,
  result,
  editForm,
  children,
}: {
  testId: string;
  /** The hidden field that names the entry in every form (`pack_id`, `item_id`). */
  idField: string;
  id: string;
  name: string;
  status: "active" | "hidden";
  sold: boolean;
  picture?: ReactNode;
  facts: ReactNode;
  sortOrder: number;
  result: CatalogueResult | null;
  editForm: ReactNode;
  children?: ReactNode;
}) {
  const idInput = <input type="hidden" name={idField} value={id} />;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        {picture}
        <div className="min-w-0 flex-1">
          <p className="font-bold">{name}</p>
          <p className="text-slate-600 text-sm">{facts}</p>
          <p className="text-slate-500 text-xs">
            ID <code>{id}</code>・表示順 {sortOrder}
            {sold ? "・購入実績あり" : ""}
          </p>
        </div>
        <Badge tone={status === "active" ? "green" : "gray"}>{CATALOGUE_STATUS_LABELS[status]}</Badge>
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
        <div className="px-4 pb-4">{editForm}</div>
      </details>
      {children}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          {idInput}
          <input type="hidden" name="intent" value={status === "active" ? "retire" : "restore"} />
          <SubmitButton variant="secondary" block={false} pendingLabel="更新中…">
            {status === "active" ? "販売終了にする" : "販売を再開する"}
          </SubmitButton>
        </Form>
        {sold ? (
          <p className="self-center text-slate-500 text-xs">購入実績があるため削除できません</p>
        ) : (
          <Form method="post">
            {idInput}
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

/** The result of the last action when it concerns this entry (not the add form). */
export function resultFor(result: CatalogueResult | undefined, id: string): CatalogueResult | null {
  return result && result.id === id && result.intent !== "create" ? result : null;
}
