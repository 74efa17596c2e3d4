import type { OutgoingMail } from "./mailer";

/**
 * A mail written once for many recipients (ADR 0025, the fan-out of a news to 100,000 listeners):
 * everything that differs between recipients is a marker in `text`, `html` and the header values,
 * and each recipient brings one value per marker. The database fills the markers in
 * (`Mailer.sendFromTemplate`), so a chunk sends the ~4.5 kB body once instead of once per mail,
 * and every outbox row still holds its complete mail. Header values take the text values.
 */
export interface MailTemplate {
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Non-empty strings that no rendering step changes (letters and digits) and no value contains. */
  markers: string[];
}

/** One recipient of a template. */
export interface TemplateFill {
  to: string;
  meta: Record<string, string>;
  /** One value per marker, as the text and the headers show it. */
  text: string[];
  /** One value per marker, as the HTML shows it (escaped). */
  html: string[];
}

function replaceAll(value: string, markers: string[], values: string[]): string {
  return markers.reduce((acc, marker, i) => acc.split(marker).join(values[i] ?? ""), value);
}

/** A recipient's headers (small, so filled in here rather than in the database). */
export function filledHeaders(template: MailTemplate, fill: TemplateFill): Record<string, string> {
  return Object.fromEntries(
    Object.entries(template.headers).map(([name, value]) => [
      name,
      replaceAll(value, template.markers, fill.text),
    ]),
  );
}

/**
 * The mail of one recipient, filled in here instead of in the database: the same replacements, in
 * the same order, as the SQL of `sendFromTemplate` (PostgreSQL's `replace` replaces every
 * occurrence, literally). Used to check a template against the full rendering.
 */
export function fillTemplate(template: MailTemplate, fill: TemplateFill): OutgoingMail {
  const { markers } = template;
  return {
    kind: template.kind,
    to: fill.to,
    subject: template.subject,
    text: replaceAll(template.text, markers, fill.text),
    html: replaceAll(template.html, markers, fill.html),
    meta: fill.meta,
    headers: filledHeaders(template, fill),
  };
}

/** Whether two mails are the same, field for field (headers and meta by key). */
export function sameMail(a: OutgoingMail, b: OutgoingMail): boolean {
  const same = (x: Record<string, string> = {}, y: Record<string, string> = {}) =>
    Object.keys(x).length === Object.keys(y).length && Object.entries(x).every(([k, v]) => y[k] === v);
  return (
    a.kind === b.kind &&
    a.to === b.to &&
    a.subject === b.subject &&
    a.text === b.text &&
    a.html === b.html &&
    same(a.meta, b.meta) &&
    same(a.headers, b.headers)
  );
}
