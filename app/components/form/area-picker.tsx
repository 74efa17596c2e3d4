import { use, useEffect, useRef, useSyncExternalStore } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import type { AreaPickerProps } from "./area-picker-fields";

export type { AreaPickerProps };

/**
 * The area picker of the public pages, without the area tree in the page's first load (the
 * budget of scripts/page-weight.ts).
 *
 * The server renders the whole picker (area-picker-fields.tsx): every select, with every region
 * and prefecture and, below them, the chosen prefecture's areas (`beforeHydration: "cascade"`), so
 * the form works without JavaScript. In the browser the page's hydration leaves that HTML as it
 * is (an element whose content React does not own), and the selects work as plain selects until
 * the visitor reaches for them — a pointer, the focus, a key or a change inside the picker. Then
 * the picker and its tree load and hydrate the same HTML in a root of their own (the element under
 * the visitor's finger stays, and the effect of the picker takes over what was already picked).
 * Mounted by a client navigation (no server HTML), the picker loads at once.
 */
export function AreaPicker(props: AreaPickerProps) {
  const shell = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const store = useRef<PropsStore | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const element = shell.current;
    if (!element) return;
    let gone = false;
    const start = () => {
      stopListening();
      void load().then(({ AreaPickerFields }) => {
        if (gone || root.current) return;
        store.current = propsStore(latest.current);
        const picker = <LivePicker store={store.current} Fields={AreaPickerFields} />;
        if (element.firstElementChild) {
          root.current = hydrateRoot(element, picker);
        } else {
          root.current = createRoot(element);
          root.current.render(picker);
        }
      });
    };
    const reach = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) start();
    };
    // On the window and in the capture phase: before anything on the page can stop the event.
    const stopListening = () => {
      for (const kind of REACH_EVENTS) window.removeEventListener(kind, reach, true);
    };
    if (element.firstElementChild) {
      for (const kind of REACH_EVENTS) window.addEventListener(kind, reach, true);
    } else {
      start();
    }
    return () => {
      gone = true;
      stopListening();
      const picker = root.current;
      root.current = null;
      // Not while React commits the page that removes the picker.
      if (picker) setTimeout(() => picker.unmount(), 0);
    };
  }, []);

  // New values from the page (a search sent, a form answered) reach the loaded picker as a state
  // of its root, never as a new render of the root: a root told to render before it has hydrated
  // drops the server's HTML and renders afresh, losing what the visitor picked meanwhile.
  useEffect(() => {
    store.current?.set(props);
  });

  if (import.meta.env.SSR) {
    const module = loaded ?? use(load());
    return (
      <div ref={shell}>
        <module.AreaPickerFields {...props} beforeHydration="cascade" />
      </div>
    );
  }
  // React keeps the server's HTML inside: the picker's own root owns it (above).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant, never content
  return <div ref={shell} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}

const KEEP_SERVER_HTML = { __html: "" };

/** The page's latest props for the picker's root; the root reads them once it has hydrated. */
interface PropsStore {
  initial: AreaPickerProps;
  get(): AreaPickerProps;
  set(next: AreaPickerProps): void;
  subscribe(listener: () => void): () => void;
}

function propsStore(initial: AreaPickerProps): PropsStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    initial,
    get: () => current,
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The picker in its own root: hydrates with the props it started with, then follows the page's. */
function LivePicker({ store, Fields }: { store: PropsStore; Fields: FieldsModule["AreaPickerFields"] }) {
  const props = useSyncExternalStore(store.subscribe, store.get, () => store.initial);
  return <Fields {...props} beforeHydration="cascade" />;
}

const REACH_EVENTS = ["pointerdown", "focusin", "keydown", "change"] as const;

type FieldsModule = typeof import("./area-picker-fields");

/** The picker's module once loaded. */
let loaded: FieldsModule | null = null;
let loading: Promise<FieldsModule> | null = null;

/** Loads the picker with its tree (once). */
function load(): Promise<FieldsModule> {
  loading ??= import("./area-picker-fields").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

// The server renders the picker in full from its first request.
if (import.meta.env.SSR) void load();
