import { useEffect, useState } from "react";
import { type BankSearchFound, type ChosenBankBranch, BANK_SEARCH_TEXTS as T } from "~/domain/bank-search";
import {
  controlProps,
  errorIdOf,
  FieldError,
  hintIdOf,
  INPUT_CLASS,
  inputStateClass,
  RequiredBadge,
} from "../form/field";
import { type ComboboxTexts, choiceLabel, SearchCombobox } from "../form/search-combobox";
import type { FieldBinding } from "../form/use-schema-form";

/**
 * The bank and the branch of the payout account (ADR 0054), chosen from the Zengin data the
 * server holds. With JavaScript, two comboboxes that search `GET /api/banks` and
 * `GET /api/banks/{code}/branches` as the store types; choosing another bank empties the branch.
 * Without it (and until the page is hydrated), two search boxes whose 検索 buttons post the form
 * with `intent=bank_search` / `branch_search`: the page comes back with every value kept and the
 * answers as radios of `bank_code` / `branch_code`. The form sends the codes either way.
 */
export interface BankBranchFieldsProps {
  bank: FieldBinding;
  branch: FieldBinding;
  /** The bank and branch the form holds, named. */
  chosen: ChosenBankBranch;
  /** What was typed in the search boxes (a refused or searched form's values). */
  typed: { bank: string; branch: string };
  /** What a search without JavaScript found. */
  found: BankSearchFound | null;
}

const COMBOBOX_TEXTS: ComboboxTexts = {
  loading: T.loading,
  none: T.none,
  failed: T.failed,
  results: T.results,
  clear: T.clear,
  chosen: (label) => `${label}を選びました`,
};

export function BankBranchFields(props: BankBranchFieldsProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <BankComboboxes {...props} /> : <BankSearchForm {...props} />;
}

function BankComboboxes({ bank, branch, chosen, typed }: BankBranchFieldsProps) {
  const [bankCode, setBankCode] = useState(chosen.bank?.code ?? "");
  const sameBank = bankCode !== "" && bankCode === chosen.bank?.code;
  return (
    <div className="space-y-4" data-testid="bank-comboboxes">
      <SearchCombobox
        name={bank.name}
        queryName="bank_q"
        idPrefix={bank.idPrefix}
        label={T.bankLabel}
        required={bank.required}
        hint={T.bankHint}
        error={bank.error}
        placeholder={T.bankPlaceholder}
        initialChoice={chosen.bank}
        initialText={chosen.bank ? "" : typed.bank}
        endpoint="/api/banks"
        texts={COMBOBOX_TEXTS}
        onChoose={(choice) => setBankCode(choice?.code ?? "")}
      />
      <SearchCombobox
        // Another bank: a new, empty branch field.
        key={bankCode}
        name={branch.name}
        queryName="branch_q"
        idPrefix={branch.idPrefix}
        label={T.branchLabel}
        required={branch.required}
        hint={T.branchHint}
        disabledHint={T.branchNeedsBank}
        error={branch.error}
        placeholder={T.branchPlaceholder}
        initialChoice={sameBank ? chosen.branch : null}
        initialText={sameBank && !chosen.branch ? typed.branch : ""}
        endpoint={bankCode === "" ? null : `/api/banks/${bankCode}/branches`}
        texts={COMBOBOX_TEXTS}
      />
    </div>
  );
}

/** The plain search form (no JavaScript): a box and a 検索 button per field, answers as radios. */
function BankSearchForm({ bank, branch, chosen, typed, found }: BankBranchFieldsProps) {
  const banksFound = found?.kind === "bank" ? found : null;
  const branchesFound = found?.kind === "branch" ? found : null;
  // The bank the branch answers belong to is the one the form holds now.
  const bankNow = branchesFound
    ? { code: branchesFound.bank.code, name: branchesFound.bank.name }
    : chosen.bank;
  return (
    <div className="space-y-4" data-testid="bank-search-form">
      <p className="text-slate-600 text-xs">{T.noJsLead}</p>
      <SearchField
        binding={bank}
        label={T.bankLabel}
        hint={T.bankHint}
        queryName="bank_q"
        typed={typed.bank}
        placeholder={T.bankPlaceholder}
        intent="bank_search"
        button={T.searchBank}
        chosen={bankNow}
        found={banksFound}
        code={bankNow?.code ?? bank.defaultValue ?? ""}
      />
      <SearchField
        binding={branch}
        label={T.branchLabel}
        hint={T.branchHint}
        queryName="branch_q"
        typed={typed.branch}
        placeholder={T.branchPlaceholder}
        intent="branch_search"
        button={T.searchBranch}
        chosen={branchesFound || !banksFound ? chosen.branch : null}
        found={branchesFound}
        // While banks are listed the bank may change: no branch is sent until one is found again.
        code={banksFound ? null : (chosen.branch?.code ?? branch.defaultValue ?? "")}
        note={banksFound ? T.branchAfterBank : undefined}
      />
    </div>
  );
}

function SearchField({
  binding,
  label,
  hint,
  queryName,
  typed,
  placeholder,
  intent,
  button,
  chosen,
  found,
  code,
  note,
}: {
  binding: FieldBinding;
  label: string;
  hint: string;
  queryName: string;
  typed: string;
  placeholder: string;
  intent: "bank_search" | "branch_search";
  button: string;
  chosen: { code: string; name: string } | null;
  found: { items: { code: string; name: string }[]; total: number } | null;
  /** The code sent when no answers are listed (null: none). */
  code: string | null;
  note?: string;
}) {
  const control = controlProps({ ...binding, hint });
  // The choice held stays choosable above the answers when they do not hold it.
  const options =
    found && chosen && !found.items.some((item) => item.code === chosen.code)
      ? [{ ...chosen, held: true }, ...found.items.map((item) => ({ ...item, held: false }))]
      : (found?.items ?? []).map((item) => ({ ...item, held: false }));
  return (
    <div data-field={binding.name}>
      <label htmlFor={control.id} className="mb-1 block font-bold text-slate-800 text-sm">
        {label}
        <RequiredBadge required={binding.required} />
      </label>
      <p id={hintIdOf(control.id)} className="mb-1.5 text-slate-500 text-xs">
        {hint}
      </p>
      {!found ? (
        <p className="mb-1.5 text-slate-800 text-sm" data-testid={`${binding.name}-chosen`}>
          {T.chosen}：<strong>{chosen ? choiceLabel(chosen) : code || T.nothingChosen}</strong>
        </p>
      ) : null}
      <div className="flex gap-2">
        <input
          id={control.id}
          name={queryName}
          type="search"
          defaultValue={typed}
          placeholder={placeholder}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
          autoComplete="off"
          className={`${INPUT_CLASS} ${inputStateClass(binding.error)} min-w-0 flex-1`}
        />
        <button
          type="submit"
          name="intent"
          value={intent}
          formNoValidate
          className="min-h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-4 font-bold text-slate-800 text-sm hover:bg-slate-50"
        >
          {button}
        </button>
      </div>
      {found ? (
        <fieldset className="mt-2">
          <legend className="mb-1 text-slate-600 text-xs">
            {found.items.length === 0 ? T.none : T.results(found.total, found.items.length)}
          </legend>
          <div className="grid gap-2">
            {options.map((option) => (
              <label
                key={option.code}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-500 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={binding.name}
                  value={option.code}
                  defaultChecked={chosen?.code === option.code}
                  className="size-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 flex-1 font-bold">{option.name}</span>
                <span className="shrink-0 text-slate-500 text-xs tabular-nums">
                  {option.held ? `${T.chosen}・${option.code}` : option.code}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : code !== null ? (
        <input type="hidden" name={binding.name} value={code} />
      ) : null}
      {note ? <p className="mt-1.5 text-slate-600 text-xs">{note}</p> : null}
      <FieldError id={errorIdOf(control.id)} error={binding.error} />
    </div>
  );
}
