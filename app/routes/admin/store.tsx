import { redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { FORM_ERROR_KEY, readFormData } from "~/.server/http/form";
import { dispatchIntent, type IntentContext, intent } from "~/.server/http/intent-action";
import { changeStorePlan } from "~/.server/services/stores/change-store-plan";
import { getStoreDetail } from "~/.server/services/stores/get-store-detail";
import { liftStoreSuspension } from "~/.server/services/stores/lift-store-suspension";
import { markStoreReviewed } from "~/.server/services/stores/mark-store-reviewed";
import { rankStore } from "~/.server/services/stores/rank-store";
import { setStoreStaffLimit } from "~/.server/services/stores/set-store-staff-limit";
import { setStoreStatus } from "~/.server/services/stores/set-store-status";
import { suspendStore } from "~/.server/services/stores/suspend-store";
import { HistoryCards } from "~/components/admin/admin-ui";
import {
  StoreHeader,
  StoreOverviewCard,
  StoreStaffCard,
  SuspensionHistoryCard,
} from "~/components/admin/store-detail";
import { OrderCard, PlanLimitCard, StoreStatusCard } from "~/components/admin/store-forms";
import { doneMessage, FlashMessage } from "~/components/ui/kit";
import {
  isAccountId,
  LiftSuspensionSchema,
  STORE_DONE,
  STORE_MESSAGES,
  StaffLimitSchema,
  StoreOrderSchema,
  StorePlanSchema,
  StoreStatusSchema,
  SuspendStoreSchema,
} from "~/domain/admin-stores";
import { pageTitle } from "~/site";
import type { Route } from "./+types/store";

type Intent = "suspend" | "lift" | "status" | "plan" | "limit" | "order" | "review";

interface StoreActionData {
  intent: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

function storeIdOf(params: { id?: string }): string {
  if (!isAccountId(params.id)) throw new Response(null, { status: 404 });
  return params.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const liverId = storeIdOf(params);
  const detail = await getStoreDetail({ db: context.db, actor, input: { liverId } });
  if (!detail) throw new Response(null, { status: 404 });
  return { ...detail, done: doneMessage(new URL(request.url).searchParams.get("done"), STORE_DONE) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const liverId = storeIdOf(params);
  const form = (await readFormData(request)) ?? new FormData();
  const back = (done: keyof typeof STORE_DONE) => redirect(`/admin/stores/${liverId}?done=${done}`);
  const db = context.db;
  const failure = (error: string, refuse: IntentContext["refuse"]) => {
    if (error === "not_found") throw new Response(null, { status: 404 });
    const message = STORE_MESSAGES[error as keyof typeof STORE_MESSAGES] ?? STORE_MESSAGES.not_found;
    return refuse({ [FORM_ERROR_KEY]: message }, 409);
  };
  const answer = await dispatchIntent(form, {
    suspend: intent({
      schema: SuspendStoreSchema,
      run: async ({ reason }, { refuse }) => {
        const result = await suspendStore({ ...context, actor, input: { liverId, reason } });
        return result.ok ? back("suspended") : failure(result.error, refuse);
      },
    }),
    lift: intent({
      schema: LiftSuspensionSchema,
      run: async ({ note }, { refuse }) => {
        const result = await liftStoreSuspension({ ...context, actor, input: { liverId, note } });
        return result.ok ? back("lifted") : failure(result.error, refuse);
      },
    }),
    status: intent({
      schema: StoreStatusSchema,
      run: async ({ status }, { refuse }) => {
        const result = await setStoreStatus({ db, actor, input: { liverId, status } });
        return result.ok ? back("status") : failure(result.error, refuse);
      },
    }),
    plan: intent({
      schema: StorePlanSchema.omit({ apply_limit: true }),
      run: async ({ plan_id }, { form, refuse }) => {
        const applyLimit = form.get("apply_limit") === "1";
        const result = await changeStorePlan({ db, actor, input: { liverId, planId: plan_id, applyLimit } });
        return result.ok ? back("plan") : failure(result.error, refuse);
      },
    }),
    limit: intent({
      schema: StaffLimitSchema,
      run: async ({ limit_staff }, { refuse }) => {
        const result = await setStoreStaffLimit({ db, actor, input: { liverId, limit: limit_staff } });
        return result.ok ? back("limit") : failure(result.error, refuse);
      },
    }),
    order: intent({
      schema: StoreOrderSchema,
      run: async ({ order }, { refuse }) => {
        const result = await rankStore({ db, actor, input: { liverId, position: order ?? null } });
        return result.ok ? back("order") : failure(result.error, refuse);
      },
    }),
    review: intent({
      run: async (_none, { refuse }) => {
        const result = await markStoreReviewed({ db, actor, input: { liverId } });
        return result.ok ? back("reviewed") : failure(result.error, refuse);
      },
    }),
  });
  return answer;
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.store.store_name || "店舗";
  return [{ title: pageTitle(`${name}（店舗）`) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminStore({ loaderData, actionData }: Route.ComponentProps) {
  const { store, plans, staff, suspensions, rankedCount, logs, audit, done } = loaderData;
  const result = actionData as StoreActionData | undefined;
  const resultFor = (intent: Intent) => (result?.intent === intent ? result : null);
  const listedCount = staff.filter((s) => s.status === "public").length;
  const deleted = store.status === "deleted";

  return (
    <>
      <StoreHeader store={store} />
      {resultFor("review")?.errors._form ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {resultFor("review")?.errors._form}
        </p>
      ) : null}
      <div className="space-y-5">
        <StoreOverviewCard store={store} plans={plans} listedCount={listedCount} />
        <StoreStatusCard
          status={store.status}
          suspensions={suspensions}
          results={{ lift: resultFor("lift"), status: resultFor("status"), suspend: resultFor("suspend") }}
        />
        <PlanLimitCard
          plans={plans}
          planId={store.plan_id}
          limitStaff={store.limit_staff}
          planResult={resultFor("plan")}
          limitResult={resultFor("limit")}
          deleted={deleted}
        />
        <OrderCard
          current={store.order}
          rankedCount={rankedCount}
          result={resultFor("order")}
          disabled={deleted}
        />
        <StoreStaffCard staff={staff} listedCount={listedCount} />
        <SuspensionHistoryCard suspensions={suspensions} />
        <HistoryCards
          logs={logs}
          audit={audit}
          logsLead="店舗管理画面に表示される記録です（新しい順に50件）。"
          auditLead="この店舗と在籍キャストについての操作ログです。"
        />
      </div>
      <FlashMessage message={done} />
    </>
  );
}
