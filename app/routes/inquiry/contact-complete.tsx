import { Link } from "react-router";
import { contactDone } from "~/.server/http/inquiry-cookies";
import { AuthCard } from "~/components/account/auth-card";
import { StepIndicator } from "~/components/account/step-indicator";
import { pageTitle } from "~/site";
import type { Route } from "./+types/contact-complete";

export function loader({ request, context }: Route.LoaderArgs) {
  const done = contactDone(context.env).read(request);
  return { email: done?.email ?? null };
}

export function meta() {
  return [{ title: pageTitle("お問い合わせ（送信完了）") }, { name: "robots", content: "noindex" }];
}

/** Step 3 of 3. */
export default function ContactComplete({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <AuthCard
      wide
      title="お問い合わせを受け付けました"
      lead={<StepIndicator step={3} label="お問い合わせの手順" />}
    >
      <div className="space-y-3 text-sm leading-relaxed">
        <p>お問い合わせいただき、誠にありがとうございます。</p>
        {email ? (
          <p>
            <strong className="break-all">{email}</strong>
            宛てに、受付確認の自動返信メールをお送りしました。
          </p>
        ) : null}
        <p>内容を確認のうえ、担当者より原則3営業日以内にメールでご返信します。</p>
        <p className="text-slate-600">
          自動返信メールが届かない場合は、迷惑メールフォルダをご確認いただくか、メールアドレスに誤りがないかご確認のうえ、もう一度お問い合わせください。
        </p>
      </div>
      <Link
        to="/"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        トップページへ戻る
      </Link>
    </AuthCard>
  );
}
