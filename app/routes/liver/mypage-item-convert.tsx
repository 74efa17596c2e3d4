import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { convertItems } from "~/.server/services/ledger/convert-items";
import { listReceivedItems } from "~/.server/services/ledger/list-received-items";
import { listConversionsAndPayouts } from "~/.server/services/payouts/list-payouts";
import { quotePayout, requestPayout } from "~/.server/services/payouts/request-payout";
import { BankAccountSummary } from "~/components/account/bank-account-summary";
import { useConfirmStep } from "~/components/admin/confirm-step";
import { SubmitButton } from "~/components/form/submit-button";
import { Badge, Card, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import {
  CONVERSION_TEXTS,
  conversionBreakdown,
  conversionSummary,
  ItemConversionSchema,
} from "~/domain/item-conversion";
import { formatPoints, formatYen, payoutRefusal } from "~/domain/money";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { TAX_STATUS_TEXTS } from "~/domain/store-tax-status";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-item-convert";

const PAYOUT_STATUS = {
  pending: { label: "申請中", tone: "amber" },
  approved: { label: "承認済み", tone: "brand" },
  exported: { label: "振込手続き中", tone: "brand" },
  paid: { label: "振込済み", tone: "green" },
  rejected: { label: "却下", tone: "red" },
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const url = new URL(request.url);
  const asked = url.searchParams.get("points");
  const points = asked && /^\d{1,9}$/.test(asked) ? Number(asked) : null;
  const [items, quote, history] = await Promise.all([
    listReceivedItems({ db: context.db, actor: viewer }),
    quotePayout({ db: context.db, actor: viewer, input: { points } }),
    listConversionsAndPayouts({ db: context.db, actor: viewer }),
  ]);
  if (!items || !quote) throw new Response(null, { status: 403 });
  // After a request the page is reached afresh (`?done=payout&request=<id>`): say what was asked.
  const requested =
    url.searchParams.get("done") === "payout"
      ? history.payouts.find((payout) => payout.id === url.searchParams.get("request"))
      : undefined;
  return {
    held: items.held,
    heldPoints: items.heldPoints,
    quote,
    confirming: points !== null,
    history,
    key: randomUUID(),
    flash: requested ? payoutDoneText(requested.net) : null,
  };
}

const payoutDoneText = (net: number) => `振込を申請しました（お振込額 ${formatYen(net)}）`;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const form = await request.formData();
  const key = String(form.get("idempotency_key") ?? "");
  const payout = intent({
    run: async () => {
      const result = await requestPayout({
        db: context.db,
        actor: viewer,
        input: { points: form.get("points"), idempotencyKey: key },
      });
      // A new page, not an answer on this one: its URL still asks about the amount just paid
      // out (`?points=`), which the points left no longer cover (a false 「ポイントが足りません」).
      if (result.ok)
        return redirect(`/liver/mypage/item/convert?done=payout&request=${result.request.request_id}`);
      if (result.error === "forbidden") throw new Response(null, { status: 403 });
      return data({ done: null, error: result.message }, { status: 400 });
    },
  });
  return dispatchIntent(
    form,
    {
      // Only after the confirmation of what is converted and at which rate (ADR 0053's step).
      convert: intent({
        schema: ItemConversionSchema,
        run: async () => {
          const result = await convertItems({
            db: context.db,
            actor: viewer,
            input: { idempotencyKey: key },
          });
          if (result.ok)
            return { done: `${formatPoints(result.conversion.points)}に換金しました`, error: null };
          if (result.error === "forbidden") throw new Response(null, { status: 403 });
          return data({ done: null, error: result.message }, { status: 400 });
        },
      }),
      payout,
    },
    {
      // A post with another intent, or none, asks for a payout, as it always has.
      otherwise: payout,
      // A refusal in the shape the page reads (one message, no flash) and its fields' messages
      // (the conversion's confirmation, next to its box).
      refusal: (_intent: string, _values: FormValues, errors: FieldErrors, status = 400) =>
        data({ done: null, error: errors[FORM_ERROR_KEY] ?? "", errors }, { status }),
    },
  );
}

export function meta() {
  return [{ title: pageTitle("換金・振込申請") }, { name: "robots", content: "noindex" }];
}

const day = (iso: string) => new Date(iso).toLocaleDateString("ja-JP", { timeZone: "Asia/Tokyo" });

export default function Convert({ loaderData, actionData }: Route.ComponentProps) {
  const { held, quote, confirming, history, key } = loaderData;
  const conversion = conversionBreakdown(held);
  const answer = actionData as { errors?: FieldErrors } | undefined;
  const step = useConfirmStep({
    id: "convert",
    checkboxLabel: CONVERSION_TEXTS.checkbox(conversion.points),
    error: answer?.errors?.confirm,
    title: CONVERSION_TEXTS.title,
    description: `${CONVERSION_TEXTS.description}${CONVERSION_TEXTS.rate}`,
    summary: () => conversionSummary(conversion),
    confirmLabel: CONVERSION_TEXTS.confirmLabel,
  });
  const canPay = quote.hasBankAccount && quote.available >= quote.minimum;
  const refusal = confirming ? payoutRefusal(quote.gross, quote.available, quote.minimum) : null;
  const refusalText =
    refusal === "below_minimum"
      ? MONEY_TEXTS.payoutBelowMinimum(quote.minimum)
      : refusal === "insufficient_points"
        ? MONEY_TEXTS.payoutInsufficient
        : refusal
          ? MONEY_TEXTS.payoutInvalid
          : null;
  return (
    <div className="space-y-5">
      <PageHeader title="換金・振込申請" back={{ to: "/liver/mypage/item", label: "受け取ったアイテム" }} />
      {actionData?.error ? (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 font-bold text-red-800 text-sm"
          data-testid="convert-error"
        >
          {actionData.error}
        </p>
      ) : null}
      <Card
        title="アイテムをポイントに換金"
        lead="受け取ったアイテムをすべて、各アイテムのポイント数でポイントに換えます。"
      >
        {conversion.lines.length === 0 ? (
          <EmptyState title="換金できるアイテムはありません" />
        ) : (
          <Form method="post" className="space-y-3" onSubmit={step.onSubmit} data-testid="convert-form">
            <input type="hidden" name="intent" value="convert" />
            <input type="hidden" name="idempotency_key" value={key} />
            <ConversionTable conversion={conversion} />
            <p className="text-slate-600 text-xs">{CONVERSION_TEXTS.rate}</p>
            {step.checkbox}
            <SubmitButton block={false}>{CONVERSION_TEXTS.button}</SubmitButton>
            {step.dialog}
          </Form>
        )}
      </Card>
      <Card title="振込申請" lead={`1ポイント＝1円。${formatYen(quote.minimum)}から申請できます。`}>
        <p className="mb-3">
          保有ポイント <strong data-testid="store-points">{quote.available.toLocaleString("ja-JP")}</strong>{" "}
          pt
        </p>
        {!quote.hasBankAccount ? (
          <p className="text-sm">
            振込先の口座が未登録です。
            <Link to="/liver/mypage/setting" className="text-brand-700 underline">
              設定で登録する
            </Link>
          </p>
        ) : confirming && !refusal ? (
          <Form method="post" className="space-y-3" data-testid="payout-confirm">
            <input type="hidden" name="intent" value="payout" />
            <input type="hidden" name="points" value={quote.gross} />
            <input type="hidden" name="idempotency_key" value={key} />
            <dl className="grid max-w-sm grid-cols-2 gap-y-1 text-sm">
              <dt>申請ポイント</dt>
              <dd className="text-right">{formatYen(quote.gross)}</dd>
              <dt>振込手数料</dt>
              <dd className="text-right">−{formatYen(quote.fee)}</dd>
              <dt>源泉徴収税（10.21%）</dt>
              <dd className="text-right">
                {quote.isIndividual ? `−${formatYen(quote.withholding)}` : "対象外（法人）"}
              </dd>
              <dt className="font-bold">お振込額</dt>
              <dd className="text-right font-bold" data-testid="payout-net">
                {formatYen(quote.net)}
              </dd>
            </dl>
            {quote.account ? (
              <div className="max-w-sm rounded-lg bg-slate-50 p-3" data-testid="payout-account">
                <p className="mb-1 font-bold text-slate-700 text-sm">振込先</p>
                <BankAccountSummary account={quote.account} />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <SubmitButton block={false}>この内容で振込を申請する</SubmitButton>
              <Link
                to="/liver/mypage/item/convert"
                className="min-h-11 rounded-xl border border-slate-300 px-4 py-2.5 text-sm"
              >
                金額を変える
              </Link>
            </div>
          </Form>
        ) : (
          // Keyed by the page's load: after a request or a conversion the amount starts afresh.
          <Form key={key} method="get" className="flex flex-wrap items-end gap-3" noValidate>
            <label className="text-sm">
              申請するポイント
              <input
                type="number"
                name="points"
                min={quote.minimum}
                max={quote.available}
                defaultValue={confirming ? quote.gross : canPay ? quote.available : undefined}
                aria-invalid={refusalText ? true : undefined}
                aria-describedby={refusalText ? "payout-points-error" : undefined}
                className="mt-1 block w-40 rounded-lg border border-slate-300 px-2 py-2"
              />
              {refusalText ? (
                <span id="payout-points-error" role="alert" className="mt-1 block text-red-700">
                  {refusalText}
                </span>
              ) : null}
            </label>
            <SubmitButton block={false} variant="secondary" disabled={!canPay}>
              内訳を確認する
            </SubmitButton>
          </Form>
        )}
        <p className="mt-3 text-slate-600 text-xs" data-testid="payout-tax-status">
          {quote.isIndividual ? TAX_STATUS_TEXTS.payoutIndividual : TAX_STATUS_TEXTS.payoutCorporate}
          <Link to="/liver/mypage/setting#tax-heading" className="ml-1 text-brand-700 underline">
            {TAX_STATUS_TEXTS.change}
          </Link>
        </p>
        <p className="mt-1 text-slate-500 text-xs">申請は運営が確認のうえ振り込みます。</p>
      </Card>
      <Card title="換金・振込の履歴">
        {history.payouts.length === 0 && history.conversions.length === 0 ? (
          <EmptyState title="まだ履歴はありません" />
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="payout-history">
            {history.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-2 py-2">
                <span>{day(p.created_at)}</span>
                <span>
                  振込申請 {formatYen(p.gross)} → お振込額 {formatYen(p.net)}
                </span>
                <Badge tone={PAYOUT_STATUS[p.status].tone}>{PAYOUT_STATUS[p.status].label}</Badge>
              </li>
            ))}
            {history.conversions.map((c) => (
              <li key={c.id} className="flex gap-2 py-2">
                <span>{day(c.created_at)}</span>
                <span>換金 {formatPoints(c.points)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <FlashMessage message={actionData?.done ?? loaderData.flash} />
    </div>
  );
}

/** What the store holds and what converting it gives: item × quantity × points, and the total. */
function ConversionTable({ conversion }: { conversion: ReturnType<typeof conversionBreakdown> }) {
  return (
    <table className="w-full max-w-md text-sm" data-testid="convert-breakdown">
      <caption className="sr-only">換金の内訳</caption>
      <thead>
        <tr className="border-slate-200 border-b text-left text-slate-500 text-xs">
          <th scope="col" className="py-1 font-normal">
            アイテム
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            個数 × ポイント
          </th>
          <th scope="col" className="py-1 text-right font-normal">
            小計
          </th>
        </tr>
      </thead>
      <tbody>
        {conversion.lines.map((line) => (
          <tr key={line.name} className="border-slate-100 border-b">
            <th scope="row" className="py-1.5 text-left font-normal">
              {line.name}
            </th>
            <td className="py-1.5 text-right tabular-nums">
              {line.quantity.toLocaleString("ja-JP")} × {formatPoints(line.pointValue)}
            </td>
            <td className="py-1.5 text-right tabular-nums">{formatPoints(line.points)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 text-left">
            {CONVERSION_TEXTS.total}（{conversion.count.toLocaleString("ja-JP")}個）
          </th>
          <td colSpan={2} className="pt-2 text-right font-bold tabular-nums" data-testid="convert-total">
            {formatPoints(conversion.points)}
            <span className="ml-1 font-normal text-slate-600">（{formatYen(conversion.yen)}相当）</span>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
