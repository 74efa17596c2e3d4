import { useRouteLoaderData } from "react-router";
import type { Viewer } from "../layout/nav-links";

/** The signed-in account as the root loader gives it to every page (null when signed out). */
export function useViewer(): Viewer | null {
  const root = useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined;
  return root?.viewer ?? null;
}
