import { AGE_DOCUMENT_LABELS, type AgeDocumentKind } from "~/domain/age-verification";
import { SITE_NAME } from "~/site";
import { greetingFor, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/**
 * The listener hears the operator's decision on her age verification (ADR 0055). The mail names
 * the document kind, never the birth date read from it.
 */
export function ageVerificationDecidedMail(r: {
  nickname: string;
  siteUrl: string;
  decision: "verified" | "rejected";
  documentKind: AgeDocumentKind | null;
  reason: string | null;
}): RenderedMail {
  const page = `${r.siteUrl}/listener/mypage/age-verification`;
  const document = r.documentKind ? AGE_DOCUMENT_LABELS[r.documentKind] : "本人確認書類";
  if (r.decision === "verified")
    return render({
      subject: `${SUBJECT_PREFIX}年齢確認が完了しました`,
      preheader: "メッセージを送れるようになりました。",
      greeting: greetingFor(r.nickname),
      intro: [
        `${SITE_NAME}運営事務局です。`,
        `お送りいただいた${document}で年齢を確認しました。キャストへのメッセージを送れるようになりました。`,
      ],
      action: {
        lead: "気になるキャストにメッセージを送ってみましょう。",
        label: "キャストをさがす",
        url: `${r.siteUrl}/search/staff`,
      },
      notes: ["お送りいただいた画像は、確認から30日後に削除します。"],
    });
  return render({
    subject: `${SUBJECT_PREFIX}年齢確認ができませんでした`,
    preheader: "お手数ですが、もう一度お送りください。",
    greeting: greetingFor(r.nickname),
    intro: [`${SITE_NAME}運営事務局です。`, `お送りいただいた${document}では年齢を確認できませんでした。`],
    details: { title: "確認できなかった理由", rows: [{ label: "理由", value: r.reason ?? "" }] },
    action: {
      lead: "内容をご確認のうえ、もう一度お送りください。",
      label: "年齢確認のページを開く",
      url: page,
    },
    notes: ["お送りいただいた画像は、確認から30日後に削除します。"],
  });
}
