import { KanaInput } from "~/components/form/kana-input";
import { PasswordInput } from "~/components/form/password-input";
import { TextInput } from "~/components/form/text-input";
import { STAFF_ACCOUNT_LABELS as LABELS, STAFF_NAME_KANA_MAX, STAFF_NAME_MAX } from "~/domain/staff-account";

/**
 * The fields of a staff account (contract §3): name, reading, login ID, password twice. Used by the
 * invitation registration and by the store creating an account for its staff.
 */
export function StaffAccountFields({
  values,
  errors,
  keepPassword = false,
  byStore = false,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  /** A password was entered before (back from the confirm step): blank keeps it. */
  keepPassword?: boolean;
  /** The store fills it in for its performer: no autofill from the store's own saved login. */
  byStore?: boolean;
}) {
  return (
    <>
      <TextInput
        name="name"
        label={LABELS.name}
        hint={
          byStore
            ? `${STAFF_NAME_MAX}文字以内。お店のページに表示されます`
            : `お店で使っているお名前（${STAFF_NAME_MAX}文字以内）`
        }
        autoComplete={byStore ? "off" : "nickname"}
        maxLength={STAFF_NAME_MAX}
        defaultValue={values.name}
        error={errors.name}
        required
      />
      <KanaInput
        name="name_kana"
        label={LABELS.name_kana}
        maxLength={STAFF_NAME_KANA_MAX}
        defaultValue={values.name_kana}
        error={errors.name_kana}
        required
      />
      <TextInput
        name="login_id"
        label={LABELS.login_id}
        hint="4〜30文字の半角英数字と _ . - （大文字・小文字は区別しません）"
        autoComplete={byStore ? "off" : "username"}
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={30}
        defaultValue={values.login_id}
        error={errors.login_id}
        required
      />
      <PasswordInput
        name="password"
        label={LABELS.password}
        hint={
          keepPassword ? "変更しない場合は空欄のままにしてください" : "8文字以上128文字以内の半角英数字・記号"
        }
        error={errors.password}
        required={!keepPassword}
      />
      <PasswordInput
        name="password_confirmation"
        label={LABELS.password_confirmation}
        error={errors.password_confirmation}
        required={!keepPassword}
      />
    </>
  );
}
