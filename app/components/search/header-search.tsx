import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useModal } from "../ui/modal-provider";
import { MapSearchLinks } from "./map-search-links";
import { QuickSearchForm, StaffQuickSearchForm } from "./quick-search-form";

const TABS = [
  { key: "stores", label: "お店" },
  { key: "staff", label: "キャスト" },
] as const;
type Tab = (typeof TABS)[number]["key"];

/** The header modal's headline and description (the modal's words, one place). */
export const HEADER_SEARCH_TEXTS = {
  headline: "さがす",
  description: "お店は店名や業種から、キャストは名前から探せます。",
  tabs: "探すもの",
} as const;

/**
 * The content of the header's さがす modal (docs/product.md "Find"): tabs お店 / キャスト (the WAI-ARIA tabs
 * pattern: arrow keys, Home and End move between them), each with its quick search form. Both
 * panels stay mounted, so a typed keyword survives a switch; a search closes the modal.
 */
export function HeaderSearch() {
  const { closeModal } = useModal();
  const [current, setCurrent] = useState<Tab>("stores");
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: Tab) => `${id}-tab-${key}`;
  const panelId = (key: Tab) => `${id}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(TABS[next]!.key);
    tabs.current[next]?.focus();
  };

  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label={HEADER_SEARCH_TEXTS.tabs}
        className="grid grid-cols-2 gap-1 rounded-full bg-slate-200/70 p-1"
      >
        {TABS.map((tab, index) => {
          const selected = tab.key === current;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              aria-controls={panelId(tab.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setCurrent(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`min-h-11 rounded-full px-4 font-bold text-sm ${
                selected ? "bg-white text-brand-700 shadow-sm" : "text-slate-700 hover:bg-white/60"
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId("stores")}
        aria-labelledby={tabId("stores")}
        hidden={current !== "stores"}
      >
        {/* A link to a map page leaves the modal behind too. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the links inside are the controls */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: a link's click comes with Enter as well */}
        <div
          className="space-y-4"
          onClick={(event) => {
            if ((event.target as Element).closest("a")) closeModal();
          }}
        >
          <QuickSearchForm idPrefix="header-search" onSubmit={closeModal} />
          <MapSearchLinks />
        </div>
      </div>
      <div
        role="tabpanel"
        id={panelId("staff")}
        aria-labelledby={tabId("staff")}
        hidden={current !== "staff"}
      >
        <StaffQuickSearchForm idPrefix="header-staff-search" onSubmit={closeModal} />
      </div>
    </div>
  );
}
