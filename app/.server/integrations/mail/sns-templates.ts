import { greetingFor, oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/** The mail telling an account that its linked SNS account needs a new login (ADR 0026). */

/**
 * A linked SNS account stopped working (its token expired or was revoked, ADR 0024): sent once
 * when the link turns broken, with the page to link it again.
 */
export function snsLinkBrokenMail({
  name,
  sourceLabel,
  accountName,
  url,
}: {
  name: string;
  sourceLabel: string;
  accountName: string;
  url: string;
}): RenderedMail {
  const account = oneLine(accountName);
  return render({
    subject: `${SUBJECT_PREFIX}${oneLine(sourceLabel)}の連携が切れました`,
    preheader: `${oneLine(sourceLabel)}の投稿を取り込めなくなりました。再連携をお願いいたします。`,
    greeting: greetingFor(name),
    intro: [
      `連携中の${oneLine(sourceLabel)}アカウント${account ? `（${account}）` : ""}の認証が無効になったため、投稿の取り込みを停止しました。`,
      "パスワードの変更、アプリ連携の解除、または認証の有効期限切れが考えられます。",
    ],
    action: {
      lead: "下記のボタン（URL）からログインして、もう一度連携してください。再連携すると、取り込みが再開されます。",
      label: "SNS連携を確認する",
      url,
    },
    notes: ["これまでに取り込まれた投稿はそのまま表示されます。"],
  });
}
