import { data, Link, redirect } from "react-router";
import { FORM_ERROR_KEY, invalid } from "~/.server/http/form";
import { shopEntryDone } from "~/.server/http/inquiry-cookies";
import { parsePowForm } from "~/.server/http/pow-form";
import { getPublicConfig } from "~/.server/services/config/get-public-config";
import { requestShopEntry } from "~/.server/services/inquiries/request-shop-entry";
import { AuthCard } from "~/components/account/auth-card";
import { EmailInput } from "~/components/form/email-input";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { FormSection } from "~/components/form/form-section";
import { KanaInput } from "~/components/form/kana-input";
import { PhoneInput } from "~/components/form/phone-input";
import { ProofOfWorkForm, ProofOfWorkSubmitButton } from "~/components/form/proof-of-work-form";
import { SelectInput } from "~/components/form/select-input";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { infoMeta } from "~/components/info/info-pages";
import { PREFECTURES } from "~/domain/areas";
import { STORE_TYPES } from "~/domain/options";
import { POW_MESSAGES } from "~/domain/pow";
import {
  SHOP_ENTRY_FIELD_LABELS as LABELS,
  SHOP_ENTRY_AREA_MAX,
  SHOP_ENTRY_CONTACT_NAME_MAX,
  SHOP_ENTRY_KANA_MAX,
  SHOP_ENTRY_MESSAGE_MAX,
  SHOP_ENTRY_MESSAGES,
  SHOP_ENTRY_STORE_NAME_MAX,
  ShopEntrySchema,
} from "~/domain/shop-entry";
import type { Route } from "./+types/shop-entry";

const PREFECTURE_OPTIONS = PREFECTURES.map(({ id, name }) => ({ value: id, label: name }));
const STORE_TYPE_OPTIONS = STORE_TYPES.map(({ value, label }) => ({ value, label }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const done = sent ? shopEntryDone(context.env).read(request) : null;
  // The operator can stop taking requests (remote configuration, ADR 0033).
  const { values } = await getPublicConfig({ db: context.db });
  return { sent, done, open: values.shop_entry_open !== false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parsePowForm(request, ShopEntrySchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  const { values, data: entry } = parsed;
  const result = await requestShopEntry({ ...context, input: { entry, pow: parsed.pow } });
  if (!result.ok) {
    if (result.error === "closed")
      return data({ values, errors: { [FORM_ERROR_KEY]: SHOP_ENTRY_MESSAGES.closed } }, { status: 403 });
    if (result.error === "too_many_requests")
      return data(
        { values, errors: { [FORM_ERROR_KEY]: SHOP_ENTRY_MESSAGES.too_many_requests } },
        { status: 429 },
      );
    return invalid(values, { [FORM_ERROR_KEY]: POW_MESSAGES[result.error] });
  }
  const done = shopEntryDone(context.env).write({
    email: entry.email,
    storeName: entry.store_name,
  });
  return redirect("/shop_entry?sent=1", { headers: { "Set-Cookie": done } });
}

export const meta = () =>
  infoMeta({
    title: "掲載リクエスト",
    description:
      "ヨルナビにまだ掲載されていない店舗さまからの掲載リクエストを受け付けています。ガールズバー・キャバクラ・クラブ・ラウンジ・スナック・コンカフェなど、業種を問わずお気軽にどうぞ。",
  });

export default function ShopEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { fields, errors } = useSchemaForm(ShopEntrySchema, { result: actionData });
  if (loaderData.sent && !actionData) return <ShopEntrySent done={loaderData.done} />;
  if (!loaderData.open) return <ShopEntryClosed />;
  return (
    <AuthCard
      wide
      title="掲載リクエスト"
      lead={
        <>
          <p>
            ヨルナビにまだ掲載されていない店舗さまは、こちらからお気軽にご連絡ください。担当者より、掲載方法と料金プランをご案内します（掲載のお申し込みはまだ確定しません）。
          </p>
          <p className="mt-2">
            すぐに掲載を始めたい場合は
            <Link to="/liver/registration" className="text-brand-700 underline">
              店舗登録
            </Link>
            から直接お申し込みいただけます。料金プランは
            <Link to="/service/liver" className="text-brand-700 underline">
              店舗掲載のご案内
            </Link>
            をご覧ください。
          </p>
        </>
      }
      footer={
        <Link to="/" className="text-brand-700 underline">
          トップページへ戻る
        </Link>
      }
    >
      <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} className="mb-5" />
      <ProofOfWorkForm className="space-y-8" noValidate>
        <FormSection title="店舗について">
          <TextInput
            {...field(fields.store_name)}
            label={LABELS.store_name}
            hint={`${SHOP_ENTRY_STORE_NAME_MAX}文字以内`}
            autoComplete="organization"
            maxLength={SHOP_ENTRY_STORE_NAME_MAX}
          />
          <KanaInput
            {...field(fields.store_name_kana)}
            label={LABELS.store_name_kana}
            hint={`${SHOP_ENTRY_KANA_MAX}文字以内（例：ヨルナビ）`}
            maxLength={SHOP_ENTRY_KANA_MAX}
          />
          <SelectInput
            {...field(fields.store_type)}
            label={LABELS.store_type}
            options={STORE_TYPE_OPTIONS}
            placeholder="選択してください"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectInput
              {...field(fields.prefecture)}
              label={LABELS.prefecture}
              hint="店舗の所在地"
              options={PREFECTURE_OPTIONS}
              placeholder="選択してください"
            />
            <TextInput
              {...field(fields.area)}
              label={LABELS.area}
              hint="市区町村・繁華街名（例：新宿区歌舞伎町）"
              maxLength={SHOP_ENTRY_AREA_MAX}
            />
          </div>
        </FormSection>
        <FormSection title="ご連絡先">
          <TextInput
            {...field(fields.contact_name)}
            label={LABELS.contact_name}
            hint={`${SHOP_ENTRY_CONTACT_NAME_MAX}文字以内（役職があれば併記してください）`}
            autoComplete="name"
            maxLength={SHOP_ENTRY_CONTACT_NAME_MAX}
          />
          <PhoneInput
            {...field(fields.phone_number)}
            label={LABELS.phone_number}
            hint="日中につながる番号（例：03-1234-5678）"
          />
          <EmailInput
            {...field(fields.email)}
            label={LABELS.email}
            hint="受付確認メールとご案内をお送りします"
          />
          <TextareaInput
            {...field(fields.message)}
            label={LABELS.message}
            hint="ご希望のプラン、掲載予定のキャスト数、ご連絡のつきやすい時間帯など"
            rows={5}
            maxLength={SHOP_ENTRY_MESSAGE_MAX}
            required={false}
          />
        </FormSection>
        <p className="text-slate-600 text-xs leading-relaxed">
          掲載には、業態に応じた風営法等の営業許可・届出が必要です。お送りいただいた情報は、掲載のご案内のために利用します（
          <Link to="/privacy-policy" className="text-brand-700 underline">
            プライバシーポリシー
          </Link>
          ）。
        </p>
        <ProofOfWorkSubmitButton>この内容で送信する</ProofOfWorkSubmitButton>
      </ProofOfWorkForm>
    </AuthCard>
  );
}

function ShopEntrySent({ done }: { done: { email: string; storeName: string } | null }) {
  return (
    <AuthCard wide title="掲載リクエストを受け付けました">
      <div className="space-y-3 text-sm leading-relaxed" data-testid="shop-entry-sent">
        <p>
          {done ? <strong>{done.storeName}</strong> : null}
          {done ? " さま、" : ""}掲載リクエストをお送りいただき、誠にありがとうございます。
        </p>
        {done ? (
          <p>
            <strong className="break-all">{done.email}</strong>
            宛てに、受付確認メールをお送りしました。
          </p>
        ) : null}
        <p>担当者より、掲載方法と料金プランのご案内を原則3営業日以内にご連絡いたします。</p>
        <p>
          ご案内を待たずに掲載を始めたい場合は、店舗登録からそのままお申し込みいただけます。登録は数分で完了します。
        </p>
      </div>
      <Link
        to="/liver/registration"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        店舗登録へ進む
      </Link>
      <Link
        to="/"
        className="mt-3 block rounded-full border border-slate-300 bg-white px-4 py-3 text-center font-bold text-slate-700 hover:bg-slate-50"
      >
        トップページへ戻る
      </Link>
    </AuthCard>
  );
}

/** The operator stopped taking requests (`shop_entry_open`): registration and contact still work. */
function ShopEntryClosed() {
  return (
    <AuthCard wide title="掲載リクエスト">
      <div className="space-y-3 text-sm leading-relaxed" data-testid="shop-entry-closed">
        <p className="font-bold">{SHOP_ENTRY_MESSAGES.closed}</p>
        <p>すぐに掲載を始めたい場合は、店舗登録から直接お申し込みいただけます。</p>
      </div>
      <Link
        to="/liver/registration"
        className="mt-6 block rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        店舗登録へ進む
      </Link>
      <Link
        to="/contact"
        className="mt-3 block rounded-full border border-slate-300 bg-white px-4 py-3 text-center font-bold text-slate-700 hover:bg-slate-50"
      >
        お問い合わせフォームへ
      </Link>
    </AuthCard>
  );
}
