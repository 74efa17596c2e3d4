import { type FormEvent, useEffect, useRef, useState } from "react";
import { digitsOnly } from "~/domain/input-filters";
import { Field, type FieldProps, fieldId, INPUT_CLASS, inputStateClass } from "./field";

/** One address of `GET /api/postal-codes/{code}` as the form uses it. */
export interface PostalCodeAddress {
  prefecture_name: string;
  /** Our prefecture id (`~/domain/areas`). */
  prefecture_id: string;
  city: string;
  town: string;
}

export interface PostalCodeInputProps extends Omit<FieldProps, "name" | "label"> {
  /** Default `postal_code`. */
  name?: string;
  /** Default 郵便番号. */
  label?: FieldProps["label"];
  defaultValue?: string;
  /** Called with the address of a found code (the first one, or the one picked among several). */
  onAddress?: (address: PostalCodeAddress) => void;
  /**
   * The name of a text input of the same form to fill with 都道府県 + 市区町村 + 町域 when an
   * address is found, for forms that keep the address in one field.
   */
  addressField?: string;
  /** Where the lookup lives (tests, another mount point). */
  endpoint?: string;
}

type Status =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "found"; items: PostalCodeAddress[] }
  | { kind: "not-found" }
  | { kind: "failed" };

const TEXT = {
  label: "郵便番号",
  hint: "7桁の数字（例：104-0061）。入力すると住所を自動で入力します",
  button: "住所を自動入力",
  loading: "住所を検索中…",
  notFound: "該当する住所が見つかりません",
  failed: "住所を取得できませんでした。住所を直接入力してください",
  incomplete: "郵便番号を7桁で入力してください",
  candidates: "住所の候補",
  filled: (a: PostalCodeAddress) => `住所を入力しました：${addressText(a)}`,
} as const;

/** "104-0061" while typed: digits only, a hyphen after the third. */
export function formatPostalCodeAsTyped(s: string): string {
  const digits = digitsOnly(s).slice(0, 7);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

function addressText(a: PostalCodeAddress): string {
  return `${a.prefecture_name}${a.city}${a.town}`;
}

function isAddress(x: unknown): x is PostalCodeAddress {
  if (typeof x !== "object" || x === null) return false;
  const o = x as Record<string, unknown>;
  return ["prefecture_name", "prefecture_id", "city", "town"].every((k) => typeof o[k] === "string");
}

/**
 * The postal code (`postal_code`), shown as NNN-NNNN. With JavaScript, 7 digits look the address up
 * (`GET /api/postal-codes/{digits}`) and hand it to `onAddress`; the 住所を自動入力 button does the
 * same on demand. Without JavaScript it is a plain text input and the address is typed by hand.
 */
export function PostalCodeInput({
  name = "postal_code",
  label = TEXT.label,
  required,
  hint = TEXT.hint,
  error,
  idPrefix,
  className,
  defaultValue = "",
  onAddress,
  addressField,
  endpoint = "/api/postal-codes",
}: PostalCodeInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const lastLookup = useRef("");
  const abort = useRef<AbortController | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [message, setMessage] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    return () => abort.current?.abort();
  }, []);

  const id = fieldId(name, idPrefix);
  const statusId = `${id}-status`;

  function apply(address: PostalCodeAddress) {
    onAddress?.(address);
    if (addressField) {
      const target = inputRef.current?.form?.elements.namedItem(addressField);
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        target.value = addressText(address);
      }
    }
    setMessage(TEXT.filled(address));
  }

  async function lookup(digits: string) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    lastLookup.current = digits;
    setStatus({ kind: "loading" });
    setMessage(TEXT.loading);
    try {
      const response = await fetch(`${endpoint}/${digits}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (response.status === 404 || response.status === 400) {
        setStatus({ kind: "not-found" });
        setMessage(TEXT.notFound);
        return;
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body: unknown = await response.json();
      const items = (body as { items?: unknown }).items;
      const addresses = Array.isArray(items) ? items.filter(isAddress) : [];
      if (addresses.length === 0) {
        setStatus({ kind: "not-found" });
        setMessage(TEXT.notFound);
        return;
      }
      setStatus({ kind: "found", items: addresses });
      apply(addresses[0]!);
    } catch (cause) {
      if (controller.signal.aborted) return;
      lastLookup.current = "";
      setStatus({ kind: "failed" });
      setMessage(TEXT.failed);
      console.warn("postal code lookup failed", cause);
    }
  }

  function onInput(event: FormEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    if ((event.nativeEvent as InputEvent).isComposing) return;
    const formatted = formatPostalCodeAsTyped(input.value);
    if (formatted !== input.value) input.value = formatted;
    const digits = digitsOnly(formatted);
    if (digits.length === 7) {
      if (digits !== lastLookup.current) void lookup(digits);
    } else if (status.kind !== "idle") {
      abort.current?.abort();
      lastLookup.current = "";
      setStatus({ kind: "idle" });
      setMessage("");
    }
  }

  function onButton() {
    const digits = digitsOnly(inputRef.current?.value ?? "");
    if (digits.length !== 7) {
      setStatus({ kind: "idle" });
      setMessage(TEXT.incomplete);
      inputRef.current?.focus();
      return;
    }
    void lookup(digits);
  }

  const candidates = status.kind === "found" && status.items.length > 1 ? status.items : null;
  const warn = status.kind === "not-found" || status.kind === "failed";

  return (
    <Field
      name={name}
      label={label}
      required={required}
      hint={hint}
      error={error}
      idPrefix={idPrefix}
      className={className}
      describedBy={[statusId]}
      after={
        <>
          <p
            id={statusId}
            aria-live="polite"
            className={`mt-1 min-h-5 text-sm ${warn ? "font-bold text-amber-700" : "text-slate-600"}`}
          >
            {message}
          </p>
          {candidates ? (
            <div className="mt-1">
              <label htmlFor={`${id}-candidates`} className="mb-1 block text-slate-700 text-xs">
                {TEXT.candidates}（{candidates.length}件）
              </label>
              <select
                id={`${id}-candidates`}
                className={`${INPUT_CLASS} ${inputStateClass(undefined)}`}
                defaultValue="0"
                onChange={(event) => {
                  const picked = candidates[Number(event.currentTarget.value)];
                  if (picked) apply(picked);
                }}
              >
                {candidates.map((item, index) => (
                  <option key={addressText(item)} value={index}>
                    {addressText(item)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </>
      }
    >
      {(control) => (
        <div className="flex items-stretch gap-2">
          <input
            {...control}
            ref={inputRef}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
            placeholder="123-4567"
            defaultValue={defaultValue}
            onInput={onInput}
            onCompositionEnd={(event) => onInput(event)}
            className={`${INPUT_CLASS} ${inputStateClass(error)} max-w-40 tabular-nums`}
          />
          {hydrated ? (
            <button
              type="button"
              onClick={onButton}
              disabled={status.kind === "loading"}
              aria-describedby={statusId}
              className="min-h-11 shrink-0 rounded-lg border border-brand-500 bg-white px-3 font-bold text-brand-700 text-sm hover:bg-brand-50 disabled:opacity-60"
            >
              {TEXT.button}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
