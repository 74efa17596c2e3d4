import { type BankAccountView, bankAccountRows } from "~/domain/bank-account";

/**
 * A payout account shown back (ADR 0054): bank and branch by name with their codes, type, number
 * and holder. On the settings page and the payout confirmation.
 */
export function BankAccountSummary({ account }: { account: BankAccountView }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="bank-account-summary">
      {bankAccountRows(account).map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-slate-600">{row.label}</dt>
          <dd className="break-all font-bold text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
