import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import {
  controlProps,
  errorIdOf,
  FieldError,
  type FieldProps,
  hintIdOf,
  INPUT_CLASS,
  inputStateClass,
  RequiredBadge,
} from "./field";

/** One choice of a search answer (`{items, total}` of the endpoint; other fields are ignored). */
export interface ComboboxChoice {
  code: string;
  name: string;
}

export interface ComboboxTexts {
  loading: string;
  none: string;
  failed: string;
  results: (total: number, shown: number) => string;
  clear: string;
  chosen: (label: string) => string;
}

export interface SearchComboboxProps extends FieldProps {
  /** The hidden input that carries the chosen code (the field the server reads). */
  name: string;
  /** The name of the text typed (sent too, so a refused form shows it again). */
  queryName: string;
  /** The choice held when the form was drawn. */
  initialChoice: { code: string; name: string } | null;
  /** The text to show when nothing is chosen (what was typed before a refusal). */
  initialText?: string;
  /** Where to search (`?q=&limit=` is added); null while it cannot (no bank chosen yet). */
  endpoint: string | null;
  /** Shown as the hint instead of `hint` while `endpoint` is null. */
  disabledHint?: string;
  placeholder?: string;
  texts: ComboboxTexts;
  /** Told of every choice and of every clearing (null). */
  onChoose?: (choice: ComboboxChoice | null) => void;
}

const RESULT_LIMIT = 20;
const TYPING_DELAY_MS = 150;

/** "みずほ（0001）": how a choice reads in the input. */
export const choiceLabel = (choice: { code: string; name: string }) => `${choice.name}（${choice.code}）`;

/**
 * A text input that searches as it is typed and offers the answers in a list (the ARIA 1.2
 * combobox pattern with a listbox popup): ↓/↑ move through the answers (aria-activedescendant, the
 * focus stays in the input), Enter takes the active answer (the first when none is), Escape closes
 * the list, and a tap or click takes one. The chosen code goes in a hidden input; typing again
 * drops the choice, so the form never sends a code that does not match the text shown. A polite
 * status line says how many answers there are. Answers and the clear button are at least 44 px
 * high (docs/product.md: phones first). Needs JavaScript; the page renders a plain search form
 * until it is hydrated.
 */
export function SearchCombobox({
  name,
  queryName,
  label,
  required,
  hint,
  error,
  idPrefix,
  className,
  initialChoice,
  initialText = "",
  endpoint,
  disabledHint,
  placeholder,
  texts,
  onChoose,
}: SearchComboboxProps) {
  const shownHint = endpoint === null && disabledHint ? disabledHint : hint;
  const uid = useId();
  const control = controlProps({ name, required, hint: shownHint, error, idPrefix }, `${uid}-status`);
  const listId = `${uid}-listbox`;
  const statusId = `${uid}-status`;
  const optionId = (index: number) => `${uid}-option-${index}`;

  const [choice, setChoice] = useState(initialChoice);
  const [text, setText] = useState(initialChoice ? choiceLabel(initialChoice) : initialText);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<ComboboxChoice[]>([]);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  /** What the field says under itself: nothing found, or the search failed. */
  const [notice, setNotice] = useState("");
  const fieldRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searched = useRef<string | null>(null);

  useEffect(
    () => () => {
      abort.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The active answer stays in view when the list scrolls (a long list on a phone).
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  });

  /** What to search for: nothing while the input shows the choice (then the first answers). */
  const queryOf = (value: string) => (choice && value === choiceLabel(choice) ? "" : value.trim());

  function search(query: string, delay = TYPING_DELAY_MS) {
    if (endpoint === null) return;
    if (timer.current) clearTimeout(timer.current);
    searched.current = query;
    timer.current = setTimeout(() => void fetchAnswers(query), delay);
  }

  async function fetchAnswers(query: string) {
    if (endpoint === null) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setAnnouncement(texts.loading);
    setNotice("");
    try {
      const response = await fetch(`${endpoint}?q=${encodeURIComponent(query)}&limit=${RESULT_LIMIT}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { items: ComboboxChoice[]; total: number };
      if (controller.signal.aborted) return;
      setItems(body.items);
      setActive(-1);
      setAnnouncement(body.items.length === 0 ? texts.none : texts.results(body.total, body.items.length));
      setNotice(body.items.length === 0 ? texts.none : "");
    } catch {
      if (controller.signal.aborted) return;
      searched.current = null;
      setItems([]);
      setAnnouncement(texts.failed);
      setNotice(texts.failed);
    }
  }

  function openList() {
    if (endpoint === null) return;
    // On a phone the keyboard takes half the screen: the field goes to the top, the answers under it.
    if (!open && window.matchMedia("(max-width: 639px)").matches)
      fieldRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    setOpen(true);
    const query = queryOf(text);
    if (searched.current !== query) search(query, 0);
  }

  function choose(item: ComboboxChoice) {
    const chosen = { code: item.code, name: item.name };
    setChoice(chosen);
    setText(choiceLabel(chosen));
    setOpen(false);
    setActive(-1);
    setAnnouncement(texts.chosen(choiceLabel(chosen)));
    searched.current = null;
    onChoose?.(item);
  }

  function clear() {
    setChoice(null);
    setText("");
    setItems([]);
    setActive(-1);
    setNotice("");
    searched.current = null;
    onChoose?.(null);
    inputRef.current?.focus();
    openList();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else if (count > 0) setActive((active + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open) openList();
        else if (count > 0) setActive(active <= 0 ? count - 1 : active - 1);
        break;
      case "Enter":
        // Never send the form from the search box: Enter takes an answer.
        if (open && count > 0) {
          event.preventDefault();
          choose(items[Math.max(active, 0)]!);
        } else if (!choice) event.preventDefault();
        break;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (!choice && text !== "") {
          event.preventDefault();
          setText("");
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  }

  const expanded = open && endpoint !== null && items.length > 0;
  return (
    // scroll-mt: clear of the sticky site header when scrolled to the top.
    <div ref={fieldRef} className={`relative scroll-mt-16 ${className ?? ""}`} data-field={name}>
      <label htmlFor={control.id} className="mb-1 block font-bold text-slate-800 text-sm">
        {label}
        <RequiredBadge required={required} />
      </label>
      {shownHint ? (
        <p id={hintIdOf(control.id)} className="mb-1.5 text-slate-500 text-xs">
          {shownHint}
        </p>
      ) : null}
      <div className="relative">
        <input
          ref={inputRef}
          id={control.id}
          name={queryName}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
          aria-required={control["aria-required"]}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={placeholder}
          disabled={endpoint === null}
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            if (choice) {
              setChoice(null);
              onChoose?.(null);
            }
            setOpen(true);
            search(value.trim());
          }}
          onFocus={openList}
          onClick={openList}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className={`${INPUT_CLASS} ${inputStateClass(error)} pr-12`}
        />
        {text !== "" && endpoint !== null ? (
          <button
            type="button"
            onClick={clear}
            aria-label={texts.clear}
            className="absolute top-0 right-0 flex size-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </button>
        ) : null}
        <input type="hidden" name={name} value={choice?.code ?? ""} />
        <div
          id={listId}
          role="listbox"
          aria-label={typeof label === "string" ? label : undefined}
          hidden={!expanded}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
        >
          {items.map((item, index) => (
            // The keys are the input's (aria-activedescendant): an answer itself never takes the focus.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={item.code}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keep the focus in the input: a tap chooses without closing the list on blur first.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onPointerMove={() => setActive(index)}
              className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-base ${index === active ? "bg-brand-50 text-brand-900" : "text-slate-900"}`}
            >
              <span className="min-w-0 truncate font-bold">{item.name}</span>
              <span className="shrink-0 text-slate-500 text-xs tabular-nums">{item.code}</span>
            </div>
          ))}
        </div>
      </div>
      <p id={statusId} role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {notice ? <p className="mt-1.5 text-slate-600 text-sm">{notice}</p> : null}
      <FieldError id={errorIdOf(control.id)} error={error} />
    </div>
  );
}
