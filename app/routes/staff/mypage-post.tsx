import { useLocation } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import type { MypageActionData } from "~/.server/http/mypage-form";
import { nativePostPageAction, nativePostPageData } from "~/.server/http/native-post-page";
import { OwnPostList, type PostListResult } from "~/components/mypage/own-post-list";
import { PostComposer } from "~/components/mypage/post-composer";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { POST_DONE } from "~/domain/native-posts";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-post";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "staff");
  return nativePostPageData(request, context, viewer);
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "staff");
  return nativePostPageAction(request, context, viewer);
}

export function meta() {
  return [{ title: pageTitle("投稿") }, { name: "robots", content: "noindex" }];
}

export default function StaffPosts({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as MypageActionData | undefined;
  // A new flash for every answer, even the same message twice in a row.
  const { key } = useLocation();
  return (
    <div className="space-y-6">
      <PageHeader title="投稿" lead="写真や動画、お知らせを投稿して、お店に来てくれる人に届けましょう。" />
      <FlashMessage key={key} message={doneMessage(loaderData.done, POST_DONE)} />
      <PostComposer result={result?.intent === "post_create" ? result : undefined} />
      <Card id="own-posts" title="自分の投稿" lead="新しい順に表示しています。">
        <OwnPostList
          posts={loaderData.posts}
          result={result?.intent !== "post_create" ? (result as PostListResult | undefined) : undefined}
          empty="まだ投稿はありません"
        />
      </Card>
    </div>
  );
}
