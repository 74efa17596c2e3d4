import type { AppLoadContext } from "react-router";

/** The loader of the pages that show the operator (legal texts): its configured details. */
export function operatorLoader({ context }: { context: AppLoadContext }) {
  return { operator: context.env.operator };
}
