import { requireViewer } from "~/.server/auth/viewer";
import type { MypageActionData } from "~/.server/http/mypage-form";
import { staffProfileAction } from "~/.server/http/staff-profile-form";
import { getStaffProfile } from "~/.server/services/staff/get-staff-profile";
import { GalleryEditor, galleryResult } from "~/components/mypage/gallery-editor";
import { StaffProfileForm, staffProfileValues } from "~/components/mypage/staff-profile-form";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { GALLERY_DONE } from "~/domain/images";
import { STAFF_PROFILE_MESSAGES } from "~/domain/staff-profile";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-profile";

const DONE = { profile: STAFF_PROFILE_MESSAGES.saved, ...GALLERY_DONE } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "staff");
  const staff = await getStaffProfile({ db: context.db, actor: viewer, staffId: viewer.uid });
  if (!staff) throw new Response(null, { status: 404 });
  return { staff, done: new URL(request.url).searchParams.get("done") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "staff");
  return staffProfileAction({ request, context, actor: viewer, staffId: viewer.uid });
}

export function meta() {
  return [{ title: pageTitle("プロフィール編集") }, { name: "robots", content: "noindex" }];
}

export default function StaffProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const result = actionData as MypageActionData | undefined;
  const profileResult = result?.intent === "profile" ? result : undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title="プロフィール"
        lead={`${staff.liver_name}のページに表示されるプロフィールです。公開したくない項目は「公開設定」で非表示にできます。`}
      />
      <FlashMessage message={doneMessage(loaderData.done, DONE)} />
      <GalleryEditor title="プロフィール画像" images={staff.image_urls} result={galleryResult(result)} />
      <Card title="プロフィール">
        <StaffProfileForm
          values={(profileResult?.values as Record<string, unknown>) ?? staffProfileValues(staff)}
          errors={profileResult?.errors}
        />
      </Card>
    </div>
  );
}
