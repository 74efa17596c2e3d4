import { loadSnsLinks, snsLinkAction } from "~/.server/http/sns-links";
import { LinkedAccountsPanel } from "~/components/sns/linked-accounts-panel";
import { FlashMessage, PageHeader } from "~/components/ui/kit";
import {
  SNS_LINK_DONE,
  SNS_LINK_ERROR_KEYS,
  SNS_LINK_PAGE,
  SNS_LINK_PAGE_TITLE,
  snsLinkPageLead,
} from "~/domain/sns-links";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-instagram";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSnsLinks({ request, context, role: "staff" });
}

export async function action({ request, context }: Route.ActionArgs) {
  return snsLinkAction({ request, context, role: "staff" });
}

export function meta() {
  return [{ title: pageTitle(SNS_LINK_PAGE_TITLE) }, { name: "robots", content: "noindex" }];
}

export default function StaffSnsLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, done, intervalMin } = loaderData;
  return (
    <>
      <PageHeader title={SNS_LINK_PAGE_TITLE} lead={snsLinkPageLead("staff", intervalMin)} />
      <LinkedAccountsPanel
        links={links}
        action={SNS_LINK_PAGE.staff}
        returnTo={SNS_LINK_PAGE.staff}
        youtubeResult={actionData ?? null}
      />
      <FlashMessage
        message={done ? SNS_LINK_DONE[done] : null}
        tone={done && SNS_LINK_ERROR_KEYS.includes(done) ? "error" : "success"}
      />
    </>
  );
}
