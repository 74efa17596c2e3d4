import { expect } from "@playwright/test";

const MAIL_API = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3211}`;

export interface CaughtMail {
  to: string[];
  from: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/** The newest mail to `to` whose subject matches, waiting up to 10 s for it to arrive over SMTP. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`${MAIL_API}/mails?to=${encodeURIComponent(to)}`)
        ).json()) as CaughtMail[];
        found = mails.filter((mail) => subject.test(mail.subject))[after];
        return Boolean(found);
      },
      { timeout: 10_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link of a mail's text body that points at `path` on the site. */
export function linkTo(mail: CaughtMail, path: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []).find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return link;
}
