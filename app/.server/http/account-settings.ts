import { type AppLoadContext, data, redirect } from "react-router";
import type { AccountRole } from "~/domain/account-roles";
import {
  BankAccountChangeSchema,
  EmailChangeSchema,
  isEmailChangeErrorKey,
  isSettingsDoneKey,
  MAIL_SETTINGS_BY_ROLE,
  mailSettingFormSchema,
  NicknameSchema,
  PasswordChangeSchema,
  RankingPrivacySchema,
  SETTINGS_MESSAGES,
  type SettingsDoneKey,
} from "~/domain/account-settings";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { PLAN_MESSAGES, PlanChangeSchema } from "~/domain/bank-account";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { pushSettingFormSchema, SHIFT_SUMMARY_DEFAULT_HOUR } from "~/domain/web-push";
import { requireViewer } from "../auth/viewer";
import { changeListenerImage } from "../services/accounts/change-listener-image";
import { changeNickname } from "../services/accounts/change-nickname";
import { changePassword } from "../services/accounts/change-password";
import { confirmEmailChange } from "../services/accounts/confirm-email-change";
import { getAccountProfile } from "../services/accounts/get-account-profile";
import { requestEmailChange } from "../services/accounts/request-email-change";
import { updateMailSettings } from "../services/accounts/update-mail-settings";
import { updateRankingPrivacy } from "../services/accounts/update-ranking-privacy";
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from "../services/notifications/notification-preferences";
import { changePlan } from "../services/stores/change-plan";
import { updateBankAccount } from "../services/stores/update-bank-account";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, formValues, parseForm } from "./form";
import { readLimitedFormData } from "./limited-form-data";

/**
 * The shared loader and action of the three account setting pages (`/{role}/mypage/setting`).
 * Each form posts an `intent`; a success redirects back with `?done=<key>` (so a reload does not
 * send the form again and the header shows the new name), a failure answers 400 with the form's
 * messages and values (never passwords).
 */

export type SettingsIntent =
  | "nickname"
  | "image"
  | "mail_setting"
  | "push_setting"
  | "ranking"
  | "email"
  | "password"
  | "bank_account"
  | "plan";

export const SETTINGS_INTENTS: Record<AccountRole, readonly SettingsIntent[]> = {
  listener: ["nickname", "image", "mail_setting", "push_setting", "ranking", "email", "password"],
  liver: ["mail_setting", "push_setting", "email", "password", "bank_account", "plan"],
  staff: ["push_setting", "password"],
};

export interface SettingsActionData {
  intent: string;
  errors: FieldErrors;
  values: FormValues;
}

const settingsPath = (role: AccountRole) => `/${role}/mypage/setting`;

function failed(intent: string, values: FormValues, errors: FieldErrors, status = 400) {
  return data<SettingsActionData>({ intent, values, errors }, { status });
}

export async function loadSettings({
  request,
  context,
  role,
}: {
  request: Request;
  context: AppLoadContext;
  role: AccountRole;
}) {
  const viewer = await requireViewer(request, context, role);
  const url = new URL(request.url);

  // The link of the confirmation mail: complete the change, then show the page without the token.
  const token = url.searchParams.get("email_token");
  if (token !== null) {
    const current = await context.auth.api.getSession({ headers: request.headers });
    const result = await confirmEmailChange({
      db: context.db,
      env: context.env,
      mailer: context.mailer,
      actor: viewer,
      input: { token, keepSessionId: current?.session.id },
    });
    throw redirect(
      `${settingsPath(role)}?${result.ok ? "done=email_changed" : `email_error=${result.error}`}`,
    );
  }

  const profile = await getAccountProfile({ db: context.db, actor: viewer });
  const preferences = await getNotificationPreferences({ db: context.db, actor: viewer });
  const done = url.searchParams.get("done");
  const emailError = url.searchParams.get("email_error");
  return {
    email: viewer.email,
    nickname: profile && "nickname" in profile ? profile.nickname : viewer.name,
    imageUrl: profile && "image_url" in profile ? profile.image_url : "",
    mailSetting:
      profile && "mail_setting" in profile
        ? (profile.mail_setting as unknown as Record<string, boolean>)
        : null,
    hideFromRankings:
      profile && "hide_from_rankings" in profile ? profile.hide_from_rankings === true : false,
    push: {
      vapidPublicKey: context.env.push.vapid?.publicKey ?? null,
      setting: preferences?.push ?? {},
      shiftHour: preferences?.shiftHour ?? SHIFT_SUMMARY_DEFAULT_HOUR,
    },
    done: isSettingsDoneKey(done) ? done : null,
    emailError: isEmailChangeErrorKey(emailError) ? emailError : null,
  };
}

export async function settingsAction({
  request,
  context,
  role,
}: {
  request: Request;
  context: AppLoadContext;
  role: AccountRole;
}) {
  const viewer = await requireViewer(request, context, role);
  // Only the picture form sends a file; its body is read with a limit, not buffered whatever its size.
  const read = await readLimitedFormData(request, IMAGE_MAX_BYTES + 64 * 1024);
  if (!read.ok) {
    return read.error === "too_large"
      ? failed("image", {}, { image: IMAGE_MESSAGES.too_large })
      : failed("", {}, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.unknown_intent });
  }
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const done = (key: SettingsDoneKey, headers?: Headers) =>
    redirect(`${settingsPath(role)}?done=${key}`, headers ? { headers } : undefined);

  if (!(SETTINGS_INTENTS[role] as readonly string[]).includes(intent)) {
    return failed(intent, formValues(form), { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.unknown_intent });
  }

  if (intent === "nickname") {
    const parsed = await parseForm(form, NicknameSchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await changeNickname({ db: context.db, actor: viewer, input: parsed.data });
    if (!result.ok)
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    throw done("nickname");
  }

  if (intent === "image") {
    const file = form.get("image");
    const remove = form.get("remove") === "1";
    if (!remove && !(file instanceof File && file.size > 0))
      return failed(intent, {}, { image: IMAGE_MESSAGES.required });
    const result = await changeListenerImage({
      db: context.db,
      images: context.images,
      actor: viewer,
      input: { data: remove ? null : new Uint8Array(await (file as File).arrayBuffer()) },
    });
    if (!result.ok)
      return result.error === "forbidden"
        ? failed(intent, {}, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403)
        : failed(intent, {}, { image: IMAGE_MESSAGES[result.error] });
    throw done(remove ? "image_removed" : "image");
  }

  if (intent === "mail_setting") {
    const schema = mailSettingFormSchema(
      role === "liver" ? MAIL_SETTINGS_BY_ROLE.liver : MAIL_SETTINGS_BY_ROLE.listener,
    );
    const parsed = await parseForm(form, schema, { arrays: ["mail_setting"] });
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await updateMailSettings({ db: context.db, actor: viewer, input: parsed.data });
    if (!result.ok)
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    throw done("mail_setting");
  }

  if (intent === "push_setting") {
    const parsed = await parseForm(form, pushSettingFormSchema(role), { arrays: ["push_setting"] });
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await updateNotificationPreferences({ db: context.db, actor: viewer, input: parsed.data });
    if (!result.ok)
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    throw done("push_setting");
  }

  if (intent === "ranking") {
    const parsed = await parseForm(form, RankingPrivacySchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await updateRankingPrivacy({ db: context.db, actor: viewer, input: parsed.data });
    if (!result.ok)
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    throw done("ranking");
  }

  if (intent === "bank_account") {
    const parsed = await parseForm(form, BankAccountChangeSchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await updateBankAccount({ ...context, actor: viewer, input: parsed.data });
    if (!result.ok) {
      if (result.error === "wrong_password")
        return failed(intent, parsed.values, { current_password: AUTH_MESSAGES.wrong_password });
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    }
    throw done("bank_account");
  }

  if (intent === "plan") {
    const parsed = await parseForm(form, PlanChangeSchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await changePlan({ db: context.db, actor: viewer, input: parsed.data });
    if (result.ok) throw done(result.scheduled ? "plan_scheduled" : "plan_cancelled");
    if (result.error === "too_small")
      return failed(intent, parsed.values, {
        new_plan_id: PLAN_MESSAGES.too_small(result.staffCount, result.limit),
      });
    if (result.error === "plan_unavailable")
      return failed(intent, parsed.values, { new_plan_id: PLAN_MESSAGES.unavailable });
    return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
  }

  if (intent === "email") {
    const parsed = await parseForm(form, EmailChangeSchema);
    if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
    const result = await requestEmailChange({ ...context, actor: viewer, input: parsed.data });
    if (!result.ok) {
      if (result.error === "wrong_password")
        return failed(intent, parsed.values, { current_password: AUTH_MESSAGES.wrong_password });
      if (result.error === "email_taken")
        return failed(intent, parsed.values, { email: AUTH_MESSAGES.email_taken });
      if (result.error === "same_email")
        return failed(intent, parsed.values, { email: SETTINGS_MESSAGES.same_email });
      return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
    }
    throw done("email_sent");
  }

  // password
  const parsed = await parseForm(form, PasswordChangeSchema);
  if (!parsed.ok) return failed(intent, parsed.values, parsed.errors);
  const result = await changePassword({
    auth: context.auth,
    actor: viewer,
    headers: request.headers,
    input: parsed.data,
  });
  if (!result.ok) {
    if (result.error === "wrong_password")
      return failed(intent, parsed.values, { current_password: AUTH_MESSAGES.wrong_password });
    return failed(intent, parsed.values, { [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
  }
  // The old session ended with the change: the new cookie keeps this device signed in.
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  throw done("password", headers);
}
