import { useLocation } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import type { MypageActionData } from "~/.server/http/mypage-form";
import { nativePostPageAction, nativePostPageData } from "~/.server/http/native-post-page";
import { isSnsLinkForm, loadSnsLinks, type SnsLinkActionData, snsLinkAction } from "~/.server/http/sns-links";
import { OwnPostList, type PostListResult } from "~/components/mypage/own-post-list";
import { PostComposer } from "~/components/mypage/post-composer";
import { LinkedAccountsPanel } from "~/components/sns/linked-accounts-panel";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { POST_DONE } from "~/domain/native-posts";
import { SNS_LINK_DONE, SNS_LINK_ERROR_KEYS, SNS_LINK_PAGE, snsLinkPageLead } from "~/domain/sns-links";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-post";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const [posts, sns] = await Promise.all([
    nativePostPageData(request, context, viewer),
    loadSnsLinks({ request, context, role: "liver" }),
  ]);
  return { ...posts, sns };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  // The linked-accounts panel posts its own forms here (ADR 0024: a store links on this page).
  if (await isSnsLinkForm(request)) return snsLinkAction({ request, context, role: "liver" });
  return nativePostPageAction(request, context, viewer);
}

export function meta() {
  return [{ title: pageTitle("投稿") }, { name: "robots", content: "noindex" }];
}

export default function StorePosts({ loaderData, actionData }: Route.ComponentProps) {
  const snsResult =
    (actionData as SnsLinkActionData | undefined)?.intent === "youtube"
      ? (actionData as SnsLinkActionData)
      : null;
  const result = snsResult ? undefined : (actionData as MypageActionData | undefined);
  const { sns } = loaderData;
  const listResult = result?.intent !== "post_create" ? (result as PostListResult | undefined) : undefined;
  // A new flash for every answer, even the same message twice in a row.
  const { key } = useLocation();
  const own = loaderData.posts.filter((post) => post.staff_name === null);
  const staff = loaderData.posts.filter((post) => post.staff_name !== null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="投稿"
        lead="お店の写真や動画、お知らせを投稿できます。キャストの投稿もここで管理できます。"
      />
      <FlashMessage key={key} message={doneMessage(loaderData.done, POST_DONE)} />
      <PostComposer result={result?.intent === "post_create" ? result : undefined} />

      <Card id="sns-links" title="SNS連携" lead={snsLinkPageLead("liver", sns.intervalMin)}>
        <FlashMessage
          message={sns.done ? SNS_LINK_DONE[sns.done] : null}
          tone={sns.done && SNS_LINK_ERROR_KEYS.includes(sns.done) ? "error" : "success"}
        />
        <LinkedAccountsPanel
          links={sns.links}
          action={SNS_LINK_PAGE.liver}
          returnTo={SNS_LINK_PAGE.liver}
          youtubeResult={snsResult}
        />
      </Card>

      <Card id="own-posts" title="お店の投稿" lead="新しい順に表示しています。">
        <OwnPostList posts={own} result={listResult} empty="まだお店の投稿はありません" />
      </Card>
      <Card
        id="staff-posts"
        title="キャストの投稿"
        lead="キャストの投稿は削除できます（本文の編集は本人のみ）。"
      >
        <OwnPostList posts={staff} result={listResult} empty="キャストの投稿はまだありません" showAuthor />
      </Card>
    </div>
  );
}
