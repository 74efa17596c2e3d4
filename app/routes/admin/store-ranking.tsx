import { data, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { listStoreRanking } from "~/.server/services/stores/list-store-ranking";
import { rankStore } from "~/.server/services/stores/rank-store";
import { reorderStores } from "~/.server/services/stores/reorder-stores";
import { RankingList } from "~/components/admin/ranking-list";
import { ButtonLink, doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { isAccountId, STORE_MESSAGES } from "~/domain/admin-stores";
import { pageTitle } from "~/site";
import type { Route } from "./+types/store-ranking";

const DONE = { moved: "並び順を変更しました", removed: "順位から外しました" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const stores = await listStoreRanking({ db: context.db, actor });
  return { stores, done: doneMessage(new URL(request.url).searchParams.get("done"), DONE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const liverId = String(form.get("liver_id") ?? "");
  const stale = () => data({ error: STORE_MESSAGES.stale_order }, { status: 409 });
  const unreadable = () =>
    data({ error: "操作を読み取れませんでした。もう一度お試しください" }, { status: 400 });
  const db = context.db;
  return dispatchIntent(
    form,
    {
      reorder: intent({
        run: async () => {
          const ids = String(form.get("ids") ?? "")
            .split(",")
            .filter(Boolean);
          if (!ids.every(isAccountId)) return stale();
          const result = await reorderStores({ db, actor, input: { kind: "list", ids } });
          // The drag saves through a fetcher: it reads the answer and the page revalidates.
          return result.ok ? { ok: true } : stale();
        },
      }),
      move: intent({
        run: async () => {
          if (!isAccountId(liverId)) return unreadable();
          const direction = form.get("direction") === "up" ? "up" : "down";
          const result = await reorderStores({ db, actor, input: { kind: "move", liverId, direction } });
          return result.ok ? redirect("/admin/stores/ranking?done=moved") : stale();
        },
      }),
      remove: intent({
        run: async () => {
          if (!isAccountId(liverId)) return unreadable();
          const result = await rankStore({ db, actor, input: { liverId, position: null } });
          if (!result.ok) throw new Response(null, { status: 404 });
          return redirect("/admin/stores/ranking?done=removed");
        },
      }),
    },
    { otherwise: intent({ run: unreadable }), refusal: () => unreadable() },
  );
}

export function meta() {
  return [{ title: pageTitle("掲載順の並べ替え") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminStoreRanking({ loaderData, actionData }: Route.ComponentProps) {
  const { stores, done } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <PageHeader
        title="掲載順の並べ替え"
        back={{ to: "/admin/stores", label: "店舗の一覧へ" }}
        lead="店舗一覧・検索結果で、ここに並ぶ店舗が上から順に先頭に表示されます（順位のない店舗はその後に新しい順）。左のつまみをドラッグするか、↑↓で1つずつ動かします。店舗を加えるには、店舗の画面で「掲載順」に順位を入れてください。"
        actions={
          <ButtonLink to="/admin/stores" variant="secondary">
            店舗を探して加える
          </ButtonLink>
        }
      />
      {error ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {error}
        </p>
      ) : null}
      {stores.length === 0 ? (
        <EmptyState title="順位のある店舗はありません">
          店舗の画面の「掲載順」で順位を入れると、ここに並びます。
        </EmptyState>
      ) : (
        <RankingList stores={stores} />
      )}
      <FlashMessage message={done} />
    </>
  );
}
