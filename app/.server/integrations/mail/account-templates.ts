import { SITE_NAME } from "~/site";
import { greetingFor, oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/** The mails of accounts: address verification, password reset, e-mail and payout account changes. */

export function verifyEmailMail({
  name,
  url,
  roleLabel,
}: {
  name: string;
  url: string;
  roleLabel: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレスの確認`,
    preheader: "メールアドレスの確認をお願いいたします。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      `${oneLine(roleLabel)}アカウントのご登録を受け付けました。`,
    ],
    action: {
      lead: "下記のボタン（URL）からメールアドレスの確認を完了してください。確認が完了すると、ログインできるようになります。",
      label: "メールアドレスを確認する",
      url,
    },
    notes: [
      "このリンクの有効期限は24時間です。期限が過ぎた場合は、ログイン画面から確認メールを再送信してください。",
      "お心当たりのない場合は、このメールを破棄してください。",
    ],
  });
}

export function resetPasswordMail({ name, url }: { name: string; url: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}パスワード再設定のご案内`,
    preheader: "パスワード再設定のお手続きのご案内です。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      "パスワード再設定のお申し込みを受け付けました。",
    ],
    action: {
      lead: "下記のボタン（URL）から、新しいパスワードを設定してください。",
      label: "パスワードを再設定する",
      url,
    },
    notes: [
      "このリンクの有効期限は1時間です。リンクは一度だけご利用いただけます。期限が過ぎた場合は、お手数ですが再度パスワード再設定のお手続きをお願いいたします。",
      "お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
    ],
  });
}

export function emailChangeMail({ name, url }: { name: string; url: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレス変更の確認`,
    preheader: "新しいメールアドレスの確認をお願いいたします。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      "メールアドレス変更のお申し込みを受け付けました。",
    ],
    action: {
      lead: "下記のボタン（URL）から、新しいメールアドレスの確認を完了してください。確認が完了するまでは、変更前のメールアドレスが引き続き有効です。",
      label: "新しいメールアドレスを確認する",
      url,
    },
    notes: [
      "このリンクの有効期限は24時間です。",
      "お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。",
    ],
  });
}

/**
 * "Your e-mail address was changed", to the OLD address once the change is done: if it was not
 * the owner, they learn it while they can still act.
 */
export function emailChangedNoticeMail({
  name,
  newEmail,
  origin,
}: {
  name: string;
  newEmail: string;
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレスが変更されました`,
    preheader: "ご登録のメールアドレスが変更されました。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}にご登録のメールアドレスが、次のアドレスに変更されました。`,
      `変更後のメールアドレス：${maskEmail(newEmail)}`,
      "今後のお知らせは変更後のアドレスにお送りします。このアドレスへのご連絡はこれが最後です。",
    ],
    notes: [
      "お心当たりのない場合は、第三者にログインされた可能性があります。至急お問い合わせフォームからご連絡ください。",
    ],
    origin,
  });
}

/** A payout account was saved: told to the store's address, with the account number masked. */
export function bankAccountChangedMail({
  name,
  bankCode,
  bankName,
  branchCode,
  branchName,
  accountNumber,
  origin,
}: {
  name: string;
  bankCode: string;
  /** The Zengin data's names (ADR 0054). */
  bankName: string;
  branchCode: string;
  branchName: string;
  accountNumber: string;
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}振込口座が変更されました`,
    preheader: "売上の振込口座が変更されました。",
    greeting: greetingFor(name),
    intro: ["店舗管理画面で、売上の振込口座が変更されました。"],
    details: {
      title: "変更後の振込口座",
      rows: [
        { label: "金融機関", value: `${bankName}（${bankCode}）` },
        { label: "支店", value: `${branchName}（${branchCode}）` },
        { label: "口座番号", value: `****${accountNumber.slice(-3)}` },
      ],
    },
    notes: [
      "お心当たりのない場合は、第三者にログインされた可能性があります。パスワードを変更のうえ、至急お問い合わせフォームからご連絡ください。",
    ],
    origin,
  });
}

/** "t***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
