import { useMemo } from "react";
import { Form } from "react-router";
import { FormSection } from "~/components/form/form-section";
import {
  AGE_CHOICES,
  ALCOHOL_TYPE_CHOICES,
  BLOOD_TYPE_CHOICES,
  BUST_TYPE_CHOICES,
  DEFAULT_MATCHING_INFO,
  DEFAULT_PUBLISHED_PROFILE,
  HEIGHT_CHOICES,
  KARAOKE_TYPE_CHOICES,
  MATCHING_QUESTIONS,
  PERSONALITY_TYPES,
  PUBLISHED_PROFILE_ITEMS,
  SMOKE_TYPE_CHOICES,
  TYPE_TYPE_CHOICES,
  withBlank,
} from "~/domain/options";
import { STAFF_NAME_KANA_MAX, STAFF_NAME_MAX } from "~/domain/staff-account";
import { INTRODUCTION_MAX, STAFF_PROFILE_LABELS, StaffProfileSchema } from "~/domain/staff-profile";
import { Fieldset } from "../form/field";
import { FormErrorSummary } from "../form/form-error-summary";
import { KanaInput } from "../form/kana-input";
import { RadioGroup } from "../form/radio-group";
import { SelectInput } from "../form/select-input";
import { SubmitButton } from "../form/submit-button";
import { TextInput } from "../form/text-input";
import { TextareaInput } from "../form/textarea-input";
import { type FieldBinding, field, fieldsetOf, useSchemaForm } from "../form/use-schema-form";

/** What the form shows: the stored profile, or what was just submitted. */
export interface StaffProfileValues {
  [name: string]: unknown;
  matching_info?: Record<string, unknown>;
  published_profile?: Record<string, unknown>;
}

const AGE_OPTIONS = AGE_CHOICES.map((age) => ({ value: String(age), label: `${age}歳` }));
const HEIGHT_OPTIONS = HEIGHT_CHOICES.map((cm) => ({ value: String(cm), label: `${cm}cm` }));
const PERSONALITY_OPTIONS = withBlank(
  PERSONALITY_TYPES.map(({ value, label, code }) => ({ value, label: `${label}（${code}）` })),
);

/** The attributes picked from a list, in the order of the form (each may stay 未設定). */
const ATTRIBUTE_SELECTS = [
  ["blood_type", BLOOD_TYPE_CHOICES],
  ["bust_type", BUST_TYPE_CHOICES],
  ["type_type", TYPE_TYPE_CHOICES],
  ["karaoke_type", KARAOKE_TYPE_CHOICES],
  ["alcohol_type", ALCOHOL_TYPE_CHOICES],
  ["smoke_type", SMOKE_TYPE_CHOICES],
  ["personality_type", PERSONALITY_OPTIONS],
] as const;

const ERROR_LABELS: Record<string, string> = {
  ...STAFF_PROFILE_LABELS,
  ...Object.fromEntries(MATCHING_QUESTIONS.map((q) => [`matching_info.${q.key}`, q.question])),
};

/** The form's values from a stored staff row (numbers and null become the strings of the inputs). */
export function staffProfileValues(staff: Record<string, unknown>): StaffProfileValues {
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  const published = { ...DEFAULT_PUBLISHED_PROFILE, ...((staff.published_profile as object) ?? {}) };
  return {
    ...Object.fromEntries(Object.keys(STAFF_PROFILE_LABELS).map((key) => [key, text(staff[key])])),
    matching_info: { ...DEFAULT_MATCHING_INFO, ...((staff.matching_info as object) ?? {}) },
    published_profile: Object.fromEntries(Object.entries(published).map(([key, on]) => [key, on ? "1" : ""])),
  };
}

/**
 * Every field of a staff profile (docs/product.md), the 13 matching answers (`matching_info.<key>`) and the
 * published_profile switches (`published_profile.<key>`, ticked = shown publicly). Used by the
 * performer (`/staff/mypage/profile`) and by their store (`/liver/mypage/staff/{id}`).
 */
export function StaffProfileForm({
  values,
  errors,
  action,
  submitLabel = "プロフィールを保存する",
}: {
  values: StaffProfileValues;
  errors?: Record<string, string | undefined>;
  action?: string;
  submitLabel?: string;
}) {
  // With errors, `values` is the action's answer (one object per answer): Conform sees each once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is identified by its errors
  const result = useMemo(() => (errors ? { values, errors } : null), [errors]);
  const { fields } = useSchemaForm(StaffProfileSchema, { defaultValue: values, result });
  const matching = fieldsetOf(fields.matching_info);
  // Ticked boxes come back as "1" from a post and as true from the stored row.
  const published = values.published_profile ?? {};

  return (
    <>
      <FormErrorSummary
        errors={errors}
        labels={ERROR_LABELS}
        order={Object.keys(ERROR_LABELS)}
        className="mb-5"
      />
      <Form method="post" action={action} className="space-y-8" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <FormSection title="基本情報">
          <TextInput
            {...field(fields.name)}
            label={STAFF_PROFILE_LABELS.name}
            hint={`${STAFF_NAME_MAX}文字以内`}
          />
          <KanaInput
            {...field(fields.name_kana)}
            label={STAFF_PROFILE_LABELS.name_kana}
            hint={`${STAFF_NAME_KANA_MAX}文字以内`}
          />
          <div className="grid grid-cols-2 gap-3">
            <SelectInput
              {...field(fields.age)}
              label={STAFF_PROFILE_LABELS.age}
              options={AGE_OPTIONS}
              defaultValue={field(fields.age).defaultValue || "18"}
            />
            <SelectInput
              {...field(fields.height)}
              label={STAFF_PROFILE_LABELS.height}
              options={HEIGHT_OPTIONS}
              defaultValue={field(fields.height).defaultValue || "150"}
            />
          </div>
          <TextInput
            {...field(fields.birth_of_date)}
            label={STAFF_PROFILE_LABELS.birth_of_date}
            type="date"
            hint="任意"
            min="1920-01-01"
            required={false}
          />
        </FormSection>

        <FormSection title="タイプ">
          <div className="grid gap-4 sm:grid-cols-2">
            {ATTRIBUTE_SELECTS.map(([name, options]) => (
              <SelectInput
                key={name}
                {...field(fields[name])}
                label={STAFF_PROFILE_LABELS[name]}
                options={options}
                required={undefined}
                className={name === "personality_type" ? "sm:col-span-2" : undefined}
              />
            ))}
          </div>
        </FormSection>

        <FormSection title="自己紹介">
          <TextareaInput
            {...field(fields.introduction)}
            label={STAFF_PROFILE_LABELS.introduction}
            hint="お店のページに表示されます。趣味や得意なこと、お客様へのメッセージなど"
            maxLength={INTRODUCTION_MAX}
            rows={6}
            required={false}
          />
        </FormSection>

        <FormSection title="SNS">
          <SnsInput binding={field(fields.instagram_id)} hint="@を付けずに入力（例：yoru_navi）" />
          <SnsInput binding={field(fields.tiktok_id)} hint="@を付けずに入力" />
          <SnsInput
            binding={field(fields.youtube_id)}
            hint="@を付けないハンドル、またはUCから始まるチャンネルID"
          />
          <TextInput
            {...field(fields.followers)}
            label={STAFF_PROFILE_LABELS.followers}
            hint="任意。SNSの合計フォロワー数"
            inputMode="numeric"
            required={false}
            className="max-w-60"
          />
        </FormSection>

        <FormSection title="相性診断の質問">
          <p className="-mt-2 text-slate-600 text-sm">
            お客様の回答と比べて相性（％）を表示します。近いほうを選んでください。
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {MATCHING_QUESTIONS.map((question) => {
              const answer = field(matching[question.key]!);
              return (
                <RadioGroup
                  key={question.key}
                  {...answer}
                  label={question.question}
                  options={question.answers}
                  defaultValue={answer.defaultValue || question.answers[0].value}
                  required={undefined}
                  inline
                />
              );
            })}
          </div>
        </FormSection>

        <FormSection title="プロフィールの公開設定">
          <Fieldset
            {...field(fields.published_profile)}
            label="公開する項目"
            hint="チェックを外した項目は、お店のページ・検索結果・APIに表示されません"
            required={undefined}
          >
            {(control) => (
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {PUBLISHED_PROFILE_ITEMS.map((item, index) => {
                  const id = index === 0 ? control.id : `${control.id}-${item.value}`;
                  return (
                    <label
                      key={item.value}
                      htmlFor={id}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-brand-500 has-checked:bg-brand-50"
                    >
                      <input
                        type="checkbox"
                        id={id}
                        name={`${control.name}.${item.value}`}
                        value="1"
                        defaultChecked={published[item.value] === "1" || published[item.value] === true}
                        className="size-5 shrink-0 accent-brand-600"
                      />
                      <span>{item.label}を公開</span>
                    </label>
                  );
                })}
              </div>
            )}
          </Fieldset>
        </FormSection>

        <SubmitButton pendingLabel="保存中…">{submitLabel}</SubmitButton>
      </Form>
    </>
  );
}

function SnsInput({ binding, hint }: { binding: FieldBinding; hint: string }) {
  return (
    <TextInput
      {...binding}
      label={STAFF_PROFILE_LABELS[binding.name as "instagram_id" | "tiktok_id" | "youtube_id"]}
      hint={hint}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={40}
      required={false}
    />
  );
}
