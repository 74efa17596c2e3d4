import { useEffect, useState } from "react";
import { requireViewer } from "~/.server/auth/viewer";
import { readInvoiceReceipt } from "~/.server/services/billing/read-invoice-receipt";
import { Notice } from "~/components/account/auth-card";
import receiptPrintStyles from "~/components/money/receipt-print.css?url";
import { PageHeader } from "~/components/ui/kit";
import { formatTokyoDate } from "~/domain/format";
import { formatYen } from "~/domain/money";
import { RECEIPT_TEXTS as T } from "~/domain/qualified-invoice";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-payment-receipt";

/**
 * The receipt of one paid plan invoice as a qualified invoice (適格請求書, ADR 0061), to print or
 * save as PDF. Only the store's own paid invoices: another store's, an unpaid one or an unknown id
 * is this page's 404, as is every id while no issuer is configured.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const receipt = await readInvoiceReceipt({
    db: context.db,
    actor: viewer,
    issuer: context.env.invoiceIssuer,
    input: { invoiceId: params.id },
  });
  if (!receipt) throw new Response(null, { status: 404 });
  return { receipt };
}

export function meta() {
  return [{ title: pageTitle(T.title) }, { name: "robots", content: "noindex" }];
}

/** The print stylesheet of this page only (A4, the site's frame left out). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: receiptPrintStyles }];

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const [canPrint, setCanPrint] = useState(false);
  useEffect(() => setCanPrint(typeof window.print === "function"), []);
  const period =
    receipt.periodStart && receipt.periodEnd
      ? T.period(formatTokyoDate(receipt.periodStart), formatTokyoDate(receipt.periodEnd))
      : null;

  return (
    <div className="space-y-4">
      <PageHeader
        title={T.title}
        back={{ to: "/liver/mypage/payment", label: T.back }}
        actions={
          canPrint ? (
            <button
              type="button"
              onClick={() => window.print()}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-bold text-sm text-white shadow hover:bg-brand-700"
            >
              {T.print}
            </button>
          ) : (
            <p className="text-slate-600 text-xs">ブラウザの印刷機能で印刷・PDF保存できます。</p>
          )
        }
      />
      {receipt.issuer.isPlaceholder ? <Notice tone="info">{T.placeholder}</Notice> : null}

      <article
        className="receipt-sheet mx-auto max-w-3xl rounded-2xl bg-white p-5 text-slate-900 shadow-sm ring-1 ring-slate-200 sm:p-10"
        aria-labelledby="receipt-heading"
        data-testid="receipt"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="receipt-heading" className="font-bold text-2xl tracking-[0.3em]">
              {T.heading}
            </h2>
            <p className="mt-1 inline-block rounded border border-slate-400 px-2 py-0.5 text-slate-700 text-xs">
              {T.qualified}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">{T.number}</dt>
            <dd className="break-all font-mono">{receipt.number}</dd>
            <dt className="text-slate-500">{T.date}</dt>
            <dd data-testid="receipt-date">{formatTokyoDate(receipt.date)}</dd>
          </dl>
        </div>

        <p className="mt-8 border-slate-800 border-b pb-1 text-lg">
          <span className="font-bold" data-testid="receipt-recipient">
            {receipt.recipient}
          </span>
          <span className="ml-2">{T.recipientSuffix}</span>
        </p>

        <div className="mt-6 rounded-xl bg-slate-50 p-4 text-center">
          <p className="text-slate-600 text-sm">{T.total}</p>
          <p className="font-bold text-3xl tabular-nums" data-testid="receipt-total">
            {formatYen(receipt.totalJpy)}
          </p>
          <p className="mt-1 text-slate-600 text-sm">
            {receipt.byRate.map((rate) => (
              <span key={rate.rate} className="mx-1 inline-block">
                （{T.rateLabel(rate.rate)} うち消費税 {formatYen(rate.taxJpy)}）
              </span>
            ))}
          </p>
        </div>
        <p className="mt-3 text-sm">{T.received}</p>

        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">{T.description}</caption>
          <thead>
            <tr className="border-slate-300 border-b text-left text-slate-500 text-xs">
              <th scope="col" className="py-1.5 font-normal">
                {T.description}
              </th>
              <th scope="col" className="py-1.5 text-right font-normal">
                税率
              </th>
              <th scope="col" className="whitespace-nowrap py-1.5 text-right font-normal">
                {T.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line) => (
              <tr key={line.description} className="border-slate-100 border-b align-top">
                <td className="py-2 pr-2">
                  {line.description}
                  {period ? <span className="block text-slate-500 text-xs">{period}</span> : null}
                </td>
                <td className="whitespace-nowrap py-2 text-right">{line.rate}%</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">
                  {formatYen(line.amountJpy)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <table className="mt-6 ml-auto w-full max-w-sm text-sm" data-testid="receipt-by-rate">
          <caption className="mb-1 text-left font-bold text-slate-700 text-xs">{T.byRate}</caption>
          <tbody>
            {receipt.byRate.map((rate) => (
              <tr
                key={rate.rate}
                className="border-slate-100 border-b"
                data-testid={`receipt-rate-${rate.rate}`}
              >
                <th scope="row" className="py-1.5 text-left font-normal">
                  {T.rateLabel(rate.rate)}
                  <span className="block text-slate-500 text-xs">
                    {T.netLabel} {formatYen(rate.netJpy)}
                  </span>
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {formatYen(rate.totalJpy)}
                  <span className="block text-slate-600 text-xs" data-testid={`receipt-tax-${rate.rate}`}>
                    {T.taxLabel(rate.rate)} {formatYen(rate.taxJpy)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-right text-slate-500 text-xs">{T.rounding}</p>

        <div className="mt-10 text-right text-sm">
          <p className="text-slate-500 text-xs">{T.issuer}</p>
          <p className="font-bold" data-testid="receipt-issuer">
            {receipt.issuer.name}
          </p>
          <p>
            {T.registrationNumber}：
            <span className="font-mono" data-testid="receipt-registration-number">
              {receipt.issuer.registrationNumber}
            </span>
          </p>
        </div>
      </article>
    </div>
  );
}
