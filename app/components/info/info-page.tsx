import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Operator } from "~/domain/operator";
import { INFORMATION_LINKS, LEGAL_LINKS } from "../layout/nav-links";
import type { InfoPageMeta } from "./info-pages";
import { OperatorPlaceholderNotice } from "./operator";

/** A numbered or titled part of a prose page; `id` is its anchor in the table of contents. */
export interface InfoSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * The frame of every information page: breadcrumb back to the top, title and lead, an optional
 * table of contents for the long legal texts, the content, the other information pages and a way
 * back to the top.
 */
export function InfoPage({
  page,
  lead,
  sections,
  numbered = false,
  intro,
  children,
  wide = false,
}: {
  page: InfoPageMeta;
  lead?: ReactNode;
  /** Content between the header and the sections (cards, a hero). */
  intro?: ReactNode;
  /** Sections rendered with a table of contents ("第1条（…）" when `numbered`). */
  sections?: readonly InfoSection[];
  numbered?: boolean;
  children?: ReactNode;
  /** Wider column, for pages with cards and tables rather than running text. */
  wide?: boolean;
}) {
  const headingOf = (section: InfoSection, index: number) =>
    numbered ? `第${index + 1}条（${section.title}）` : section.title;
  return (
    <div className={`mx-auto ${wide ? "max-w-5xl" : "max-w-3xl"} px-4 py-6 wide:py-10`}>
      <nav aria-label="パンくずリスト" className="text-slate-500 text-xs">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline">
              トップ
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li aria-current="page" className="text-slate-700">
            {page.title}
          </li>
        </ol>
      </nav>

      <header className="mb-6">
        <h1 className="font-black text-2xl leading-snug wide:text-3xl">{page.title}</h1>
        {lead ? (
          <div className="mt-3 space-y-2 text-slate-700 text-sm leading-relaxed wide:text-base">{lead}</div>
        ) : null}
        {page.updated ? <p className="mt-3 text-slate-500 text-xs">制定日：{page.updated}</p> : null}
      </header>

      {sections && sections.length > 5 ? (
        <details className="mb-8 rounded-2xl bg-white ring-1 ring-slate-200 wide:open:pb-2" open>
          <summary className="flex min-h-11 cursor-pointer items-center px-4 font-bold text-sm">目次</summary>
          <ol className="grid gap-x-6 px-4 pb-4 text-sm sm:grid-cols-2">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-9 items-center text-brand-700 hover:underline"
                >
                  {headingOf(section, index)}
                </a>
              </li>
            ))}
          </ol>
        </details>
      ) : null}

      {intro ? <div className="mb-10">{intro}</div> : null}

      <div className={`space-y-8 ${wide ? "mx-auto max-w-3xl" : ""}`}>
        {sections?.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-20"
          >
            <h2
              id={`${section.id}-title`}
              className="mb-3 border-brand-500 border-l-4 pl-3 font-bold text-lg"
            >
              {headingOf(section, index)}
            </h2>
            <Prose>{section.body}</Prose>
          </section>
        ))}
        {children}
      </div>

      <RelatedPages current={page.path} />
    </div>
  );
}

/** Running text: paragraphs, lists and tables get the spacing of a document. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-3 text-slate-800 text-sm leading-7 wide:text-[15px] [&_a]:text-brand-700 [&_a]:underline [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_strong]:font-bold [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
      {children}
    </div>
  );
}

/** A two-column table of labelled values (特定商取引法の表記, operator details). */
export function FactTable({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white text-sm ring-1 ring-slate-200">
      {rows.map((row) => (
        <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="font-bold text-slate-700">{row.label}</dt>
          <dd className="break-words leading-relaxed">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The big rounded call to action of the service pages. */
export function CallToAction({
  to,
  children,
  variant = "primary",
}: {
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary";
}) {
  const style =
    variant === "primary"
      ? "bg-brand-600 text-white shadow hover:bg-brand-700"
      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <Link
      to={to}
      className={`inline-flex min-h-12 w-full items-center justify-center rounded-full px-6 py-3 font-bold sm:w-auto ${style}`}
    >
      {children}
    </Link>
  );
}

function RelatedPages({ current }: { current: string }) {
  const links = [...INFORMATION_LINKS, ...LEGAL_LINKS].filter((link) => link.to !== current);
  return (
    <footer className="mt-12 border-slate-200 border-t pt-6">
      <h2 className="font-bold text-sm">関連ページ</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-500"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-12 items-center justify-center rounded-full bg-night-900 px-6 font-bold text-white hover:bg-night-800"
      >
        トップページへ戻る
      </Link>
    </footer>
  );
}

/**
 * A legal text (利用規約, プライバシーポリシー): an InfoPage whose lead ends with the development
 * notice about placeholder operator details, and numbered articles closing with 以上.
 */
export function LegalText({
  page,
  operator,
  lead,
  sections,
  numbered = false,
}: {
  page: InfoPageMeta;
  operator: Operator;
  lead: ReactNode;
  sections: readonly InfoSection[];
  numbered?: boolean;
}) {
  return (
    <InfoPage
      page={page}
      numbered={numbered}
      lead={
        <>
          {lead}
          <OperatorPlaceholderNotice operator={operator} />
        </>
      }
      sections={sections}
    >
      {numbered ? <p className="text-right text-slate-600 text-sm">以上</p> : null}
    </InfoPage>
  );
}
