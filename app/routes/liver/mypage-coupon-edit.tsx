import { Form, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { FORM_MESSAGES, type MypageActionData } from "~/.server/http/mypage-form";
import { createCoupon } from "~/.server/services/coupons/create-coupon";
import { endCoupon } from "~/.server/services/coupons/end-coupon";
import { getStoreCoupon } from "~/.server/services/coupons/get-store-coupon";
import { updateCoupon } from "~/.server/services/coupons/update-coupon";
import { Notice } from "~/components/account/auth-card";
import { useConfirmStep } from "~/components/admin/confirm-step";
import { FirstVisitBadge } from "~/components/coupons/coupon-card";
import { CouponForm } from "~/components/coupons/coupon-form";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, Card, PageHeader } from "~/components/ui/kit";
import {
  COUPON_MESSAGES,
  COUPON_STATE_LABELS,
  CouponEndSchema,
  CouponFormSchema,
  couponFormValues,
  formatCouponTime,
  formatDoorCode,
  isCouponOpen,
  newCouponDefaults,
} from "~/domain/coupons";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-coupon-edit";

const LIST = "/liver/mypage/coupons";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const now = new Date();
  if (params.id === undefined) return { coupon: null, defaults: newCouponDefaults(now) };
  const coupon = await getStoreCoupon({ db: context.db, actor: viewer, input: { couponId: params.id }, now });
  // Another store's coupon, or an unknown id: not a page of this store.
  if (!coupon) throw new Response(null, { status: 404 });
  return { coupon, defaults: couponFormValues(coupon) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const form = (await readFormData(request)) ?? new FormData();
  const couponId = params.id;
  const db = context.db;
  return dispatchIntent(form, {
    save: intent({
      schema: CouponFormSchema,
      run: async (input, { refuse }) => {
        if (couponId === undefined) {
          const created = await createCoupon({ db, actor: viewer, input });
          if (created.ok) return redirect(`${LIST}?done=created`);
          if (created.error === "invalid") return refuse(created.errors);
          return refuse({ _form: FORM_MESSAGES.forbidden }, 403);
        }
        const updated = await updateCoupon({ db, actor: viewer, input: { couponId, form: input } });
        if (updated.ok) return redirect(`${LIST}?done=saved`);
        if (updated.error === "invalid") return refuse(updated.errors);
        throw new Response(null, { status: 404 });
      },
    }),
    end: intent({
      schema: CouponEndSchema,
      run: async (_input, { refuse }) => {
        if (couponId === undefined) throw new Response(null, { status: 404 });
        const ended = await endCoupon({ db, actor: viewer, input: { couponId } });
        if (ended.ok) return redirect(`${LIST}?done=ended`);
        if (ended.error === "closed") return refuse({ _form: COUPON_MESSAGES.notEditable }, 409);
        throw new Response(null, { status: 404 });
      },
    }),
  });
}

export function meta({ data }: Route.MetaArgs) {
  const title = data?.coupon ? `クーポンの編集：${data.coupon.title}` : "クーポンの作成";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export default function LiverCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, defaults } = loaderData;
  const result = actionData as MypageActionData | undefined;
  const saveResult = result?.intent === "save" ? result : undefined;
  const endResult = result?.intent === "end" ? result : undefined;
  const open = coupon === null || isCouponOpen(coupon.state);
  const step = useConfirmStep({
    id: "coupon-end",
    checkboxLabel: "このクーポンの配布を終了することを確認しました",
    error: endResult?.errors.confirm,
    title: "クーポンの配布を終了しますか？",
    description:
      "お店のページとクーポン一覧から消え、お客様の画面には「このクーポンは終了しました」と表示されます。元に戻すことはできません。",
    confirmLabel: "終了する",
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title={coupon ? "クーポンの編集" : "クーポンの作成"}
        back={{ to: LIST, label: "クーポン" }}
        lead={
          coupon ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge
                tone={coupon.state === "current" ? "green" : coupon.state === "scheduled" ? "amber" : "gray"}
              >
                {COUPON_STATE_LABELS[coupon.state]}
              </Badge>
              {coupon.first_visit_only ? <FirstVisitBadge /> : null}
              <span>
                コード <strong className="font-mono tracking-widest">{formatDoorCode(coupon.code)}</strong>
              </span>
            </span>
          ) : (
            "お客様は来店時にクーポンの画面を見せます。コードはクーポンごとに自動で決まります。"
          )
        }
      />
      {open ? (
        <Card>
          <CouponForm
            defaultValue={defaults}
            result={saveResult}
            submitLabel={coupon ? "保存する" : "クーポンを作成する"}
          />
        </Card>
      ) : (
        <Card title={coupon.title}>
          <Notice tone="info">{COUPON_MESSAGES.notEditable}</Notice>
          <dl className="mt-4 grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-slate-500">割引内容</dt>
            <dd className="break-words">{coupon.discount_text}</dd>
            <dt className="text-slate-500">利用条件</dt>
            <dd className="whitespace-pre-line break-words">{coupon.conditions || "なし"}</dd>
            <dt className="text-slate-500">期間</dt>
            <dd>
              {formatCouponTime(coupon.starts_at)}〜{formatCouponTime(coupon.ends_at)}
            </dd>
          </dl>
        </Card>
      )}
      {coupon && open ? (
        <Card
          title="配布の終了"
          lead="期限より前に配布をやめるときに使います。終了したクーポンは編集できません。"
          testId="coupon-end"
        >
          {endResult?.errors._form ? (
            <div className="mb-3">
              <Notice tone="error">{endResult.errors._form}</Notice>
            </div>
          ) : null}
          <Form method="post" className="space-y-3" onSubmit={step.onSubmit} noValidate>
            <input type="hidden" name="intent" value="end" />
            {step.checkbox}
            <SubmitButton variant="secondary" block={false} pendingLabel="終了中…">
              配布を終了する
            </SubmitButton>
            {step.dialog}
          </Form>
        </Card>
      ) : null}
    </div>
  );
}
