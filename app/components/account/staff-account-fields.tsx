import { KanaInput } from "~/components/form/kana-input";
import { PasswordInput } from "~/components/form/password-input";
import { TextInput } from "~/components/form/text-input";
import { type AnyField, field } from "~/components/form/use-schema-form";
import { STAFF_ACCOUNT_LABELS as LABELS, STAFF_NAME_KANA_MAX, STAFF_NAME_MAX } from "~/domain/staff-account";

/**
 * The fields of a staff account (ADR 0021): name, reading, login ID, password twice. Used by the
 * invitation registration and by the store creating an account for its staff.
 */
export function StaffAccountFields({
  fields,
  keepPassword = false,
  byStore = false,
}: {
  /** The fields of `useSchemaForm(StaffAccountSchema, …)`. */
  fields: Record<"name" | "name_kana" | "login_id" | "password" | "password_confirmation", AnyField>;
  /** A password was entered before (back from the confirm step): blank keeps it. */
  keepPassword?: boolean;
  /** The store fills it in for its performer: no autofill from the store's own saved login. */
  byStore?: boolean;
}) {
  return (
    <>
      <TextInput
        {...field(fields.name)}
        label={LABELS.name}
        hint={
          byStore
            ? `${STAFF_NAME_MAX}文字以内。お店のページに表示されます`
            : `お店で使っているお名前（${STAFF_NAME_MAX}文字以内）`
        }
        autoComplete={byStore ? "off" : "nickname"}
        maxLength={STAFF_NAME_MAX}
      />
      <KanaInput {...field(fields.name_kana)} label={LABELS.name_kana} maxLength={STAFF_NAME_KANA_MAX} />
      <TextInput
        {...field(fields.login_id)}
        label={LABELS.login_id}
        hint="4〜30文字の半角英数字と _ . - （大文字・小文字は区別しません）"
        autoComplete={byStore ? "off" : "username"}
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={30}
      />
      <PasswordInput
        {...field(fields.password)}
        label={LABELS.password}
        hint={
          keepPassword ? "変更しない場合は空欄のままにしてください" : "8文字以上128文字以内の半角英数字・記号"
        }
        required={!keepPassword}
      />
      <PasswordInput
        {...field(fields.password_confirmation)}
        label={LABELS.password_confirmation}
        required={!keepPassword}
      />
    </>
  );
}
