import { Link } from "react-router";
import { EmptyState } from "~/components/ui/kit";
import { bodyParts, formatNewsDate, NEWS_TEXTS } from "~/domain/news";

export interface NewsListEntry {
  news_id: string;
  title: string;
  excerpt: string;
  published_at: string;
  unread: boolean;
}

/** The unread mark: a dot for the eye, the word for screen readers and tests. */
export function UnreadMark() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-600 px-2 py-0.5 font-bold text-[11px] text-white"
      data-testid="news-unread"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-white" />
      {NEWS_TEXTS.unread}
    </span>
  );
}

/** A reader's news, newest first, the unread ones marked. */
export function NewsList({
  items,
  hrefOf,
}: {
  items: readonly NewsListEntry[];
  hrefOf: (id: string) => string;
}) {
  if (items.length === 0) return <EmptyState title={NEWS_TEXTS.empty}>{NEWS_TEXTS.emptyLead}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="news-list">
      {items.map((item) => (
        <li key={item.news_id}>
          <Link
            to={hrefOf(item.news_id)}
            className="flex min-h-16 items-start gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
            data-testid="news-item"
          >
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-2 text-slate-500 text-xs">
                <time dateTime={item.published_at}>{formatNewsDate(item.published_at)}</time>
                {item.unread ? <UnreadMark /> : null}
              </span>
              <span className={`mt-1 block ${item.unread ? "font-bold" : "text-slate-700"}`}>
                {item.title}
              </span>
              <span className="mt-0.5 block truncate text-slate-500 text-xs">{item.excerpt}</span>
            </span>
            <span aria-hidden="true" className="self-center text-slate-400">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A news body: plain text with its line breaks, http(s) addresses as links, nothing else as markup. */
export function NewsBody({ body }: { body: string }) {
  return (
    <div className="break-words text-[15px] leading-relaxed" data-testid="news-body">
      {bodyParts(body).map((part, index) => {
        const key = `${index}-${part.type}`;
        if (part.type === "break") return <br key={key} />;
        if (part.type === "link")
          return (
            <a
              key={key}
              href={part.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-brand-700 underline"
            >
              {part.href}
            </a>
          );
        return <span key={key}>{part.text}</span>;
      })}
    </div>
  );
}
