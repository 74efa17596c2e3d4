import { Form } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { FORM_ERROR_KEY } from "~/.server/http/form";
import { galleryIntents } from "~/.server/http/gallery-intents";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import {
  done,
  FORM_MESSAGES,
  failed,
  GALLERY_FORM_MAX_BYTES,
  type MypageActionData,
  readMypageForm,
} from "~/.server/http/mypage-form";
import { searchStations } from "~/.server/services/platform/search-stations";
import { getStoreProfile } from "~/.server/services/stores/get-store-profile";
import { updateStoreProfile } from "~/.server/services/stores/update-store-profile";
import { Notice } from "~/components/account/auth-card";
import { CheckboxGroup } from "~/components/form/checkbox-group";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { FormSection } from "~/components/form/form-section";
import { KanaInput } from "~/components/form/kana-input";
import { PhoneInput } from "~/components/form/phone-input";
import { RadioGroup } from "~/components/form/radio-group";
import { SelectInput } from "~/components/form/select-input";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { field, listField, useSchemaForm } from "~/components/form/use-schema-form";
import { StorePinField } from "~/components/map/store-pin-field";
import { GalleryEditor, galleryResult } from "~/components/mypage/gallery-editor";
import { SlugField } from "~/components/store/slug-field";
import { BusinessHoursFields, StoreLocationFields } from "~/components/store/store-fields";
import { StoreIntroFields } from "~/components/store/store-intro-fields";
import { Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { findArea } from "~/domain/areas";
import { GALLERY_DONE } from "~/domain/images";
import { STORE_NAME_KANA_MAX, STORE_NAME_MAX } from "~/domain/liver-registration";
import { STORE_TYPES, VENUE_FEATURES, VENUE_TYPES } from "~/domain/options";
import { storeIntroFormValues } from "~/domain/store-intro";
import {
  HOLIDAY_OPTIONS,
  SLUG_MAX,
  STORE_LISTING_STATUSES,
  STORE_PROFILE_ARRAYS,
  STORE_PROFILE_LABELS,
  STORE_PROFILE_MESSAGES,
  StoreProfileSchema,
} from "~/domain/store-profile";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-profile";

const LABELS = STORE_PROFILE_LABELS;
/** Where the map opens for a store whose area has no centre (never for the area tree of the site). */
const TOKYO_STATION = { lat: 35.6812, lng: 139.7671 };
const DONE = { saved: STORE_PROFILE_MESSAGES.saved, ...GALLERY_DONE } as const;
const STORE_TYPE_OPTIONS = STORE_TYPES.map(({ value, label }) => ({ value, label }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "liver");
  const store = await getStoreProfile({ db: context.db, actor: viewer });
  if (!store) throw new Response(null, { status: 404 });
  // A store without a pin starts at its area's centre on the map (ADR 0028).
  const centre = findArea(store.area)?.area;
  return {
    store,
    done: new URL(request.url).searchParams.get("done"),
    tiles: { url: context.env.map.tileUrl, attribution: context.env.map.tileAttribution },
    areaCentre: centre ? { lat: centre.lat, lng: centre.lng } : TOKYO_STATION,
    // The access chooser's stations near the stored pin (ADR 0056).
    stations:
      store.lat != null && store.lng != null
        ? (await searchStations({ input: { lat: store.lat, lng: store.lng } })).items
        : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "liver");
  // The store's gallery takes several pictures in one post.
  const read = await readMypageForm(request, GALLERY_FORM_MAX_BYTES);
  if (!read.ok) return read.response;
  return dispatchIntent(
    read.form,
    {
      ...galleryIntents({ request, context, actor: viewer, target: { kind: "liver" } }),
      profile: intent({
        schema: StoreProfileSchema,
        arrays: [...STORE_PROFILE_ARRAYS],
        run: async (input, { refuse }) => {
          const result = await updateStoreProfile({ db: context.db, actor: viewer, input });
          if (result.ok) return done(request, "saved");
          if (result.error === "slug_taken") return refuse({ slug: STORE_PROFILE_MESSAGES.slug_taken });
          if (result.error === "unknown_station") return refuse(result.errors);
          return refuse({ [FORM_ERROR_KEY]: FORM_MESSAGES.not_found }, 403);
        },
      }),
    },
    {
      // An unknown intent echoes nothing back.
      otherwise: intent({
        run: (_none, { intent: name }) => failed(name, {}, { [FORM_ERROR_KEY]: FORM_MESSAGES.unreadable }),
      }),
    },
  );
}

export function meta() {
  return [{ title: pageTitle("店舗情報の編集") }, { name: "robots", content: "noindex" }];
}

export default function LiverProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { store } = loaderData;
  const result = actionData as MypageActionData | undefined;
  const profileResult = result?.intent === "profile" ? result : undefined;
  const { fields, errors } = useSchemaForm(StoreProfileSchema, {
    defaultValue: {
      ...store,
      ...storeIntroFormValues(store),
      slug: store.slug ?? "",
      lat: String(store.lat ?? loaderData.areaCentre.lat),
      lng: String(store.lng ?? loaderData.areaCentre.lng),
    },
    result: profileResult,
  });
  const suspended = store.status === "suspended";

  return (
    <div className="space-y-6">
      <PageHeader
        title="店舗情報"
        lead="お客様が店舗ページと検索で見る情報です。変更は保存するとすぐに反映されます。"
      />
      <FlashMessage message={doneMessage(loaderData.done, DONE)} />
      {suspended ? (
        <Notice tone="error">運営により掲載が停止されています。詳しくはお問い合わせください。</Notice>
      ) : null}

      <GalleryEditor
        title="店舗画像"
        images={store.image_urls}
        result={galleryResult(result)}
        aspect="landscape"
      />

      <Card title="店舗プロフィール" id="profile">
        <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} className="mb-5" />
        <Form method="post" className="space-y-8" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <FormSection title="基本情報">
            <TextInput
              {...field(fields.store_name)}
              label={LABELS.store_name}
              hint={`${STORE_NAME_MAX}文字以内。変更すると所属キャストの店舗名も変わります`}
            />
            <KanaInput
              {...field(fields.store_name_kana)}
              label={LABELS.store_name_kana}
              hint={`${STORE_NAME_KANA_MAX}文字以内`}
            />
            <SelectInput
              {...field(fields.store_type)}
              label={LABELS.store_type}
              options={STORE_TYPE_OPTIONS}
            />
            <SlugField
              {...field(fields.slug)}
              label={LABELS.slug}
              hint={`店舗ページのアドレスの末尾になります。半角英小文字・数字・ハイフン${SLUG_MAX}文字以内（例：girls-bar-luna）。空欄にすると店舗名から候補を出します`}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={SLUG_MAX}
            />
            {suspended ? (
              <input type="hidden" name="status" value="private" />
            ) : (
              <RadioGroup {...field(fields.status)} label={LABELS.status} options={STORE_LISTING_STATUSES} />
            )}
          </FormSection>

          <FormSection title="所在地・連絡先">
            <PhoneInput {...field(fields.phone_number)} label={LABELS.phone_number} />
            <StoreLocationFields fields={fields} />
          </FormSection>

          <FormSection title="地図上の位置">
            <p className="text-slate-600 text-sm">
              ピンをドラッグするか地図をタップして、お店の入口の位置に合わせてください。「現在地から探す」と地図検索に使われます。エリアだけを変えてピンを動かさずに保存すると、ピンは新しいエリアの中心に移ります。
            </p>
            <StorePinField
              lat={field(fields.lat)}
              lng={field(fields.lng)}
              labels={{ lat: LABELS.lat, lng: LABELS.lng }}
              tiles={loaderData.tiles}
              fallback={loaderData.areaCentre}
            />
          </FormSection>

          <StoreIntroFields
            fields={fields}
            suggestions={loaderData.stations}
            hasPin={store.lat != null && store.lng != null}
          />

          <FormSection title="営業時間・定休日">
            <BusinessHoursFields fields={fields} />
            <CheckboxGroup
              {...listField(fields.holidays)}
              label={LABELS.holidays}
              hint="年中無休の場合は何も選ばないでください"
              options={HOLIDAY_OPTIONS}
              columns={3}
            />
          </FormSection>

          <FormSection title="業態・こだわり条件">
            <CheckboxGroup
              {...listField(fields.services)}
              label={LABELS.services}
              hint="当てはまるものをすべて選んでください。検索の絞り込みに使われます"
              options={VENUE_TYPES}
            />
            <CheckboxGroup
              {...listField(fields.commitments)}
              label={LABELS.commitments}
              options={VENUE_FEATURES}
            />
          </FormSection>

          <SubmitButton pendingLabel="保存中…">店舗情報を保存する</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
