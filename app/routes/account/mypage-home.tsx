import { Link } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { roleOfPath } from "~/domain/account-roles";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname) ?? "listener";
  const viewer = await requireViewer(request, context, role);
  return { type: viewer.type };
}

export function meta() {
  return [{ title: pageTitle("マイページ") }, { name: "robots", content: "noindex" }];
}

const NEXT: Record<string, { title: string; body: string }> = {
  listener: {
    title: "お気に入りのキャストを見つけましょう",
    body: "エリアやこだわり条件からキャストを探して、フォローや相性診断をお楽しみください。",
  },
  liver: {
    title: "店舗情報とキャストを登録しましょう",
    body: "店舗プロフィール・キャスト・料金システムの編集画面は順次公開します。",
  },
  staff: {
    title: "プロフィールと出勤予定を登録しましょう",
    body: "プロフィール・出勤スケジュールの編集画面は順次公開します。",
  },
};

export default function MypageHome({ loaderData }: Route.ComponentProps) {
  const next = NEXT[loaderData.type]!;
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="font-bold text-xl">マイページ</h1>
      <h2 className="mt-4 font-bold">{next.title}</h2>
      <p className="mt-2 text-slate-600 text-sm leading-relaxed">{next.body}</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-full bg-brand-600 px-5 py-2.5 font-bold text-sm text-white hover:bg-brand-700"
      >
        トップページへ
      </Link>
    </section>
  );
}
