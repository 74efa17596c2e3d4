import { createContext, type ReactNode, useMemo, useState } from "react";
import { Spinner } from "./spinner";

interface LoaderApi {
  loading: boolean;
  setLoading: (loading: boolean) => void;
}

const LoaderContext = createContext<LoaderApi | null>(null);

/** A full-screen loader switched by a flag (docs/product.md), for work that blocks the whole page. */
export function GlobalLoaderProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(false);
  const api = useMemo(() => ({ loading, setLoading }), [loading]);
  return (
    <LoaderContext.Provider value={api}>
      {children}
      {loading && (
        <div
          data-testid="global-loader"
          className="fixed inset-0 z-[60] grid place-items-center bg-white/70 backdrop-blur-sm"
          aria-live="polite"
        >
          <Spinner className="size-10" label="処理中です。しばらくお待ちください" />
        </div>
      )}
    </LoaderContext.Provider>
  );
}
