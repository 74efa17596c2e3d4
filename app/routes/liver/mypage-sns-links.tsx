import { loadSnsLinks, snsLinkAction } from "~/.server/http/sns-links";
import { FlashMessage, PageHeader } from "~/components/mypage/ui";
import { LinkedAccountsPanel } from "~/components/sns/linked-accounts-panel";
import {
  SNS_LINK_DONE,
  SNS_LINK_ERROR_KEYS,
  SNS_LINK_PAGE,
  SNS_LINK_PAGE_TITLE,
  snsLinkPageLead,
} from "~/domain/sns-links";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-sns-links";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSnsLinks({ request, context, role: "liver" });
}

export async function action({ request, context }: Route.ActionArgs) {
  return snsLinkAction({ request, context, role: "liver" });
}

export function meta() {
  return [{ title: pageTitle(SNS_LINK_PAGE_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function StoreSnsLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, done, intervalMin } = loaderData;
  return (
    <>
      <PageHeader title={SNS_LINK_PAGE_TITLE} lead={snsLinkPageLead("liver", intervalMin)} />
      <LinkedAccountsPanel
        links={links}
        action={SNS_LINK_PAGE.liver}
        returnTo={SNS_LINK_PAGE.liver}
        youtubeResult={actionData ?? null}
      />
      <FlashMessage
        message={done ? SNS_LINK_DONE[done] : null}
        tone={done && SNS_LINK_ERROR_KEYS.includes(done) ? "error" : "success"}
      />
    </>
  );
}
