import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY, parseForm } from "~/.server/http/form";
import { done, FORM_MESSAGES, failed, type MypageActionData } from "~/.server/http/mypage-form";
import { getStoreProfile } from "~/.server/services/stores/get-store-profile";
import { updatePriceSystem } from "~/.server/services/stores/update-price-system";
import { PriceSystemForm } from "~/components/store/price-system-form";
import { PriceSystemTable } from "~/components/store/price-system-table";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import {
  PRICE_SYSTEM_ARRAYS,
  PRICE_SYSTEM_MESSAGES,
  type PriceFormValues,
  PriceSystemSchema,
  priceSystemFormValues,
} from "~/domain/price-system";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-price";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const store = await getStoreProfile({ db: context.db, actor: viewer });
  if (!store) throw new Response(null, { status: 404 });
  return { priceSystem: store.price_system, done: new URL(request.url).searchParams.get("done") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const parsed = await parseForm(request, PriceSystemSchema, { arrays: PRICE_SYSTEM_ARRAYS });
  if (!parsed.ok) return failed("price", parsed.values, parsed.errors);
  const result = await updatePriceSystem({ db: context.db, actor: viewer, input: parsed.data });
  return result.ok
    ? done(request, "saved")
    : failed("price", parsed.values, { [FORM_ERROR_KEY]: FORM_MESSAGES.not_found }, 403);
}

export function meta() {
  return [{ title: pageTitle("料金システム") }, { name: "robots", content: "noindex" }];
}

/** Submitted values back in the form's shape (a missing group of rows is an empty one). */
function submitted(values: Record<string, unknown>): PriceFormValues {
  const object = (value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value) ? value : {};
  return {
    ...values,
    sets: object(values.sets) as PriceFormValues["sets"],
    drinks: object(values.drinks) as PriceFormValues["drinks"],
    extension: object(values.extension) as PriceFormValues["extension"],
    payment_methods: Array.isArray(values.payment_methods) ? (values.payment_methods as string[]) : [],
  };
}

export default function LiverPrice({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MypageActionData | undefined;
  const values = result ? submitted(result.values) : priceSystemFormValues(loaderData.priceSystem);
  return (
    <div className="space-y-6">
      <PageHeader
        title="料金システム"
        lead="お店のページに料金表として表示されます。正確な料金を載せると、初めてのお客様も安心して来店できます。"
      />
      <FlashMessage message={doneMessage(loaderData.done, { saved: PRICE_SYSTEM_MESSAGES.saved })} />
      <div className="grid gap-6">
        <Card title="料金の入力">
          <PriceSystemForm values={values} errors={result?.errors} />
        </Card>
        <div>
          <p className="mb-2 font-bold text-slate-500 text-sm">お客様に表示される料金表（保存済みの内容）</p>
          <PriceSystemTable system={loaderData.priceSystem} headingLevel={2} />
        </div>
      </div>
    </div>
  );
}
