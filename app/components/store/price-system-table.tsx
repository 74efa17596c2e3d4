import {
  hasPrices,
  type PriceSystem,
  paymentMethodLabel,
  percentLabel,
  priceLabel,
  priceSetTime,
  surchargeNotice,
} from "~/domain/price-system-display";

/**
 * A store's 料金システム as customers read it (the public store page and the preview of the price
 * page): set prices by time slot, extension, fees, service charge and tax, drinks, payment methods
 * and the store's note. Amounts are the store's own; what is charged on top is said in words.
 */
export function PriceSystemTable({
  system,
  heading = "料金システム",
  headingLevel = 2,
}: {
  system: PriceSystem | null | undefined;
  heading?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const Sub = headingLevel === 2 ? "h3" : "h4";
  if (!hasPrices(system)) {
    return (
      <section aria-label={heading} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <Heading className="font-bold text-lg">{heading}</Heading>
        <p className="mt-2 text-slate-500 text-sm">料金システムは店舗にお問い合わせください。</p>
      </section>
    );
  }
  const fees = [
    { label: "指名料", value: system.nomination_fee },
    { label: "場内指名料", value: system.in_store_nomination_fee },
    { label: "同伴料", value: system.companion_fee },
    { label: "テーブルチャージ", value: system.table_charge },
  ].filter((fee): fee is { label: string; value: number } => fee.value !== null);
  const notice = surchargeNotice(system);

  return (
    <section
      aria-label={heading}
      className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
      data-testid="price-system"
    >
      <Heading className="bg-night-900 px-4 py-3 font-bold text-lg text-white">{heading}</Heading>
      <div className="space-y-5 p-4">
        {system.sets.length > 0 ? (
          <table className="w-full border-collapse text-sm">
            <caption className="mb-2 text-left font-bold text-base text-slate-900">セット料金</caption>
            <thead>
              <tr className="border-slate-200 border-b text-left text-slate-500 text-xs">
                <th scope="col" className="py-1.5 pr-2 font-normal">
                  時間帯
                </th>
                <th scope="col" className="py-1.5 pr-2 font-normal">
                  時間
                </th>
                <th scope="col" className="py-1.5 text-right font-normal">
                  料金
                </th>
              </tr>
            </thead>
            <tbody>
              {system.sets.map((set, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
                <tr key={index} className="border-slate-100 border-b last:border-b-0">
                  <td className="py-2 pr-2 tabular-nums">
                    {priceSetTime(set)}
                    {set.label ? (
                      <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-brand-700 text-xs">
                        {set.label}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-2 tabular-nums">{set.minutes}分</td>
                  <td className="py-2 text-right font-bold text-base tabular-nums">
                    {priceLabel(set.price)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}

        {system.extension || fees.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {system.extension ? (
              <>
                <dt className="text-slate-600">延長（{system.extension.minutes}分）</dt>
                <dd className="text-right font-bold tabular-nums">{priceLabel(system.extension.price)}</dd>
              </>
            ) : null}
            {fees.map((fee) => (
              <div key={fee.label} className="contents">
                <dt className="text-slate-600">{fee.label}</dt>
                <dd className="text-right font-bold tabular-nums">{priceLabel(fee.value)}</dd>
              </div>
            ))}
          </dl>
        ) : null}

        {system.service_charge_percent !== null || system.tax_percent !== null ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            {system.service_charge_percent !== null ? (
              <>
                <dt className="text-slate-600">サービス料</dt>
                <dd className="text-right font-bold tabular-nums">
                  {percentLabel(system.service_charge_percent)}
                </dd>
              </>
            ) : null}
            {system.tax_percent !== null ? (
              <>
                <dt className="text-slate-600">消費税（TAX）</dt>
                <dd className="text-right font-bold tabular-nums">{percentLabel(system.tax_percent)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {notice ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-xs">{notice}</p> : null}

        {system.drinks.length > 0 ? (
          <div>
            <Sub className="mb-1.5 font-bold text-sm">ドリンク</Sub>
            <ul className="divide-y divide-slate-100 text-sm">
              {system.drinks.map((drink, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
                <li key={index} className="flex justify-between gap-3 py-1.5">
                  <span className="min-w-0">{drink.name}</span>
                  <span className="shrink-0 font-bold tabular-nums">{priceLabel(drink.price)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {system.payment_methods.length > 0 ? (
          <div>
            <Sub className="mb-1.5 font-bold text-sm">お支払い方法</Sub>
            <ul className="flex flex-wrap gap-1.5">
              {system.payment_methods.map((method) => (
                <li key={method} className="rounded-full bg-slate-100 px-3 py-1 text-slate-700 text-xs">
                  {paymentMethodLabel(method)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {system.note ? (
          <p className="whitespace-pre-line text-slate-600 text-xs leading-relaxed">{system.note}</p>
        ) : null}
      </div>
    </section>
  );
}
