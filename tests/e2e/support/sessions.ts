import type { Cookie, Page } from "@playwright/test";

/**
 * A spec's sign-ins, made once per account: the first `signIn` of an account goes through its
 * login form (`viaForm`), later ones — in the following tests of the same file, each with a fresh
 * browser context — put that session's cookies into the context and open `landing`. A sign-in
 * through the form costs a login page, a password hash on the server and a redirect
 * (docs/testing.md "The budget"); the form itself is tested where signing in is the subject.
 * A test that signs the account out or changes its password ends the saved session: the spec
 * then calls `forget`.
 */
export function savedSessions() {
  const saved = new Map<string, Cookie[]>();
  return {
    async signIn(page: Page, key: string, landing: string | null, viaForm: () => Promise<void>) {
      const cookies = saved.get(key);
      if (cookies) {
        await page.context().addCookies(cookies);
        if (landing) await page.goto(landing);
        return;
      }
      await viaForm();
      saved.set(key, await page.context().cookies());
    },
    forget(key: string) {
      saved.delete(key);
    },
  };
}
