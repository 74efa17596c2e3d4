import { data, Form, Link, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { listPostsForOperator } from "~/.server/services/posts/list-posts-for-operator";
import { setPostPrLabel } from "~/.server/services/posts/set-post-pr-label";
import { FilterTabs, Pager, SearchBox } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/form/submit-button";
import { PrBadge } from "~/components/posts/pr-badge";
import { doneMessage, EmptyState, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, parsePage } from "~/domain/admin";
import {
  ADMIN_POST_DONE,
  ADMIN_POST_FILTER_LABELS,
  ADMIN_POST_FILTERS,
  ADMIN_POST_TEXTS,
  type AdminPostFilter,
  PostPrLabelSchema,
  parseAdminPostFilter,
} from "~/domain/admin-posts";
import { parseAdminKeyword } from "~/domain/admin-stores";
import { SOURCE_LABELS } from "~/domain/feed-query";
import { pageTitle } from "~/site";
import type { Route } from "./+types/posts";

/**
 * `/admin/posts` (ADR 0051): the public posts, newest first, each with the operator's PR toggle.
 * A toggle posts back to the same URL (its filters kept) and comes back with `?done=`.
 */

interface PostsActionData {
  intent: string;
  values: FormValues;
  errors: FieldErrors;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  const input = {
    keyword: parseAdminKeyword(url.searchParams.get("q")),
    filter: parseAdminPostFilter(url.searchParams.get("pr")),
    page: parsePage(url.searchParams.get("page")),
  };
  return {
    ...input,
    ...(await listPostsForOperator({ db: context.db, actor, input })),
    done: doneMessage(url.searchParams.get("done"), ADMIN_POST_DONE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const answer = (intent: string, values: FormValues, errors: FieldErrors, status = 400) =>
    data<PostsActionData>({ intent, values, errors }, { status, headers: { "Cache-Control": "no-store" } });
  return dispatchIntent(
    form,
    {
      pr_label: intent({
        schema: PostPrLabelSchema,
        run: async ({ post_id, is_pr }, { refuse }) => {
          const result = await setPostPrLabel({
            db: context.db,
            actor,
            input: { postId: post_id, isPr: is_pr },
          });
          if (!result.ok) return refuse({ [FORM_ERROR_KEY]: ADMIN_POST_TEXTS.notFound }, 404);
          // Back to the list as it was (the form posted to its URL), saying what happened.
          const back = new URL(request.url);
          back.searchParams.delete("index");
          back.searchParams.set("done", is_pr ? "pr_on" : "pr_off");
          return redirect(`/admin/posts?${back.searchParams}`);
        },
      }),
    },
    { unknown: ADMIN_POST_TEXTS.unknown, refusal: answer },
  );
}

export function meta() {
  return [{ title: pageTitle(ADMIN_POST_TEXTS.title) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { keyword, filter, items, total, page, pageSize, done } = loaderData;
  const refused = actionData as PostsActionData | undefined;
  const href = (next: { filter?: AdminPostFilter; page?: number }) => {
    const params = new URLSearchParams();
    if (keyword) params.set("q", keyword);
    if ((next.filter ?? filter) === "pr") params.set("pr", "1");
    if ((next.page ?? 1) > 1) params.set("page", String(next.page));
    const query = params.toString();
    return `/admin/posts${query ? `?${query}` : ""}`;
  };
  return (
    <>
      <PageHeader title={ADMIN_POST_TEXTS.title} lead={ADMIN_POST_TEXTS.lead} />
      <SearchBox
        label={ADMIN_POST_TEXTS.search}
        placeholder={ADMIN_POST_TEXTS.searchPlaceholder}
        value={keyword}
        keep={filter === "pr" ? { pr: "1" } : {}}
      />
      <FilterTabs
        label={ADMIN_POST_TEXTS.filterLabel}
        tabs={ADMIN_POST_FILTERS.map((f) => ({
          to: href({ filter: f }),
          label: ADMIN_POST_FILTER_LABELS[f],
          active: filter === f,
        }))}
      />
      {refused?.errors._form ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
          {refused.errors._form}
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title={ADMIN_POST_TEXTS.empty} />
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="admin-posts"
        >
          {items.map((post) => (
            <li
              key={post.post_id}
              id={`post-${post.post_id}`}
              className="flex gap-3 px-4 py-3"
              data-testid="admin-post"
              data-pr={post.is_pr ? "" : undefined}
            >
              {post.thumbnail_url ? (
                <img
                  src={post.thumbnail_url}
                  alt=""
                  loading="lazy"
                  className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover"
                />
              ) : null}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-2 text-xs">
                  {post.is_pr ? <PrBadge /> : null}
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-bold text-slate-700">
                    {SOURCE_LABELS[post.source]}
                  </span>
                  <Link
                    to={post.staff_id ? `/admin/staff/${post.staff_id}` : `/admin/stores/${post.liver_id}`}
                    className="font-bold text-brand-700 underline"
                  >
                    {post.staff_id ? post.staff_name || "（名前未設定）" : post.store_name}
                  </Link>
                  {post.staff_id ? <span className="text-slate-500">{post.store_name}</span> : null}
                  <time dateTime={new Date(post.posted_at).toISOString()} className="text-slate-500">
                    {formatAdminDateTime(post.posted_at)}
                  </time>
                </p>
                <p className="line-clamp-3 whitespace-pre-line break-all text-sm">
                  {post.caption || ADMIN_POST_TEXTS.noCaption}
                </p>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="pr_label" />
                  {post.is_pr ? null : <input type="hidden" name="is_pr" value="1" />}
                  {/* The post's id on the button: only the row pressed shows the spinner. */}
                  <SubmitButton
                    name="post_id"
                    value={post.post_id}
                    variant="secondary"
                    block={false}
                    pendingLabel={ADMIN_POST_TEXTS.pending}
                  >
                    {post.is_pr ? ADMIN_POST_TEXTS.unlabel : ADMIN_POST_TEXTS.label}
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} hrefFor={(p) => href({ page: p })} />
      <FlashMessage message={done} />
    </>
  );
}
