import { makeDataDirTemplates } from "./data-dirs";

/**
 * Once per Playwright run: the data-directory templates, unless `npm run test:e2e` made them
 * already for both of its halves (scripts/e2e.mjs).
 */
export default async function globalSetup(): Promise<() => void> {
  if (process.env.E2E_TEMPLATE_EMPTY && process.env.E2E_TEMPLATE_DEMO) return () => {};
  const port = Number(process.env.E2E_PORT ?? 3210);
  return makeDataDirTemplates(port + 7);
}
