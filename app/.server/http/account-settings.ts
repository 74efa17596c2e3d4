import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
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
import { BANK_ACCOUNT_MESSAGES, PLAN_MESSAGES, PlanChangeSchema } from "~/domain/bank-account";
import type { BankSearchFound, ChosenBankBranch } from "~/domain/bank-search";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from "~/domain/images";
import { toHalfWidthDigits } from "~/domain/input-filters";
import { TaxStatusSchema } from "~/domain/store-tax-status";
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
import { searchBanks } from "../services/platform/search-banks";
import { searchBranches } from "../services/platform/search-branches";
import { findBankBranch } from "../services/shared/bank-account-names";
import { changePlan } from "../services/stores/change-plan";
import { updateBankAccount } from "../services/stores/update-bank-account";
import { updateTaxStatus } from "../services/stores/update-tax-status";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, parseForm } from "./form";
import { dispatchIntent, type IntentContext, type IntentHandler, intent } from "./intent-action";
import { readLimitedFormData } from "./limited-form-data";
import { failed } from "./mypage-form";

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
  | "bank_search"
  | "branch_search"
  | "tax_status"
  | "plan";

export const SETTINGS_INTENTS: Record<AccountRole, readonly SettingsIntent[]> = {
  listener: ["nickname", "image", "mail_setting", "push_setting", "ranking", "email", "password"],
  liver: [
    "mail_setting",
    "push_setting",
    "email",
    "password",
    "bank_account",
    "bank_search",
    "branch_search",
    "tax_status",
    "plan",
  ],
  staff: ["push_setting", "password"],
};

const settingsPath = (role: AccountRole) => `/${role}/mypage/setting`;

/**
 * Every answer of the payout account form that is not a save (ADR 0054): its values kept (never
 * the password), the messages, the bank and branch the values hold with their names (so the form
 * names them again), and what a search without JavaScript found.
 */
async function bankAccountAnswer(
  values: FormValues,
  errors: FieldErrors,
  search: BankSearchFound | null = null,
  status = 200,
) {
  const code = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? toHalfWidthDigits(value).trim() : "";
  };
  const names = await findBankBranch(code("bank_code"), code("branch_code"));
  const bankChosen: ChosenBankBranch = {
    bank: names.bank === null ? null : { code: code("bank_code"), name: names.bank },
    branch: names.branch === null ? null : { code: code("branch_code"), name: names.branch },
  };
  return data({ intent: "bank_account", values, errors, bankSearch: search, bankChosen }, { status });
}
type BankAccountAnswer = Awaited<ReturnType<typeof bankAccountAnswer>>;

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
  const done = (key: SettingsDoneKey, headers?: Headers) =>
    redirect(`${settingsPath(role)}?done=${key}`, headers ? { headers } : undefined);
  const forbidden = (refuse: IntentContext["refuse"]) =>
    refuse({ [FORM_ERROR_KEY]: SETTINGS_MESSAGES.forbidden }, 403);
  const services = { db: context.db, actor: viewer };

  /**
   * The payout account's search without JavaScript (ADR 0054): the form posts itself with the
   * query, nothing is saved, and the answer is the form's values (never the password) with the
   * banks or branches found, which the form lists as radios. Not a GET: the form holds the
   * current password, which must never reach a URL.
   */
  const searchFor =
    (kind: BankSearchFound["kind"]): IntentHandler<z.ZodType, BankAccountAnswer>["run"] =>
    async (_none, { form, values }) => {
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      };
      if (kind === "bank") {
        const found = await searchBanks({ input: { q: text("bank_q") } });
        return bankAccountAnswer(
          values,
          {},
          found.ok ? { kind, items: found.items, total: found.total } : null,
        );
      }
      const bankCode = toHalfWidthDigits(text("bank_code")).trim();
      const found = await searchBranches({ input: { bank_code: bankCode, q: text("branch_q") } });
      if (!found.ok)
        return bankAccountAnswer(values, { bank_code: BANK_ACCOUNT_MESSAGES.bank_required }, null, 400);
      return bankAccountAnswer(
        values,
        {},
        { kind, bank: found.bank, items: found.items, total: found.total },
      );
    };

  const handlers: Record<
    SettingsIntent,
    IntentHandler<z.ZodType, Response | BankAccountAnswer | ReturnType<typeof failed>>
  > = {
    nickname: intent({
      schema: NicknameSchema,
      run: async (input, { refuse }) =>
        (await changeNickname({ ...services, input })).ok ? done("nickname") : forbidden(refuse),
    }),
    image: intent({
      run: async (_none, { form, refuse }) => {
        const file = form.get("image");
        const remove = form.get("remove") === "1";
        if (!remove && !(file instanceof File && file.size > 0))
          return refuse({ image: IMAGE_MESSAGES.required });
        const result = await changeListenerImage({
          ...services,
          images: context.images,
          input: { data: remove ? null : new Uint8Array(await (file as File).arrayBuffer()) },
        });
        if (result.ok) return done(remove ? "image_removed" : "image");
        return result.error === "forbidden"
          ? forbidden(refuse)
          : refuse({ image: IMAGE_MESSAGES[result.error] });
      },
    }),
    mail_setting: intent({
      schema: mailSettingFormSchema(
        role === "liver" ? MAIL_SETTINGS_BY_ROLE.liver : MAIL_SETTINGS_BY_ROLE.listener,
      ),
      arrays: ["mail_setting"],
      run: async (input, { refuse }) =>
        (await updateMailSettings({ ...services, input })).ok ? done("mail_setting") : forbidden(refuse),
    }),
    push_setting: intent({
      schema: pushSettingFormSchema(role),
      arrays: ["push_setting"],
      run: async (input, { refuse }) =>
        (await updateNotificationPreferences({ ...services, input })).ok
          ? done("push_setting")
          : forbidden(refuse),
    }),
    ranking: intent({
      schema: RankingPrivacySchema,
      run: async (input, { refuse }) =>
        (await updateRankingPrivacy({ ...services, input })).ok ? done("ranking") : forbidden(refuse),
    }),
    // Parsed here rather than by the dispatcher, so every refusal names the bank and branch again.
    bank_account: intent({
      run: async (_none, { form, refuse }) => {
        const parsed = await parseForm(form, BankAccountChangeSchema);
        if (!parsed.ok) return bankAccountAnswer(parsed.values, parsed.errors, null, 400);
        const refused = (errors: FieldErrors) => bankAccountAnswer(parsed.values, errors, null, 400);
        const result = await updateBankAccount({ ...context, actor: viewer, input: parsed.data });
        if (result.ok) return done("bank_account");
        if (result.error === "unknown_bank")
          return refused({ bank_code: BANK_ACCOUNT_MESSAGES.unknown_bank });
        if (result.error === "unknown_branch")
          return refused({ branch_code: BANK_ACCOUNT_MESSAGES.unknown_branch });
        return result.error === "wrong_password"
          ? refused({ current_password: AUTH_MESSAGES.wrong_password })
          : forbidden(refuse);
      },
    }),
    bank_search: intent({ run: searchFor("bank") }),
    branch_search: intent({ run: searchFor("branch") }),
    tax_status: intent({
      schema: TaxStatusSchema,
      run: async (input, { refuse }) =>
        (await updateTaxStatus({ ...services, input })).ok ? done("tax_status") : forbidden(refuse),
    }),
    plan: intent({
      schema: PlanChangeSchema,
      run: async (input, { refuse }) => {
        const result = await changePlan({ ...services, input });
        if (result.ok) return done(result.scheduled ? "plan_scheduled" : "plan_cancelled");
        if (result.error === "too_small")
          return refuse({ new_plan_id: PLAN_MESSAGES.too_small(result.staffCount, result.limit) });
        if (result.error === "plan_unavailable") return refuse({ new_plan_id: PLAN_MESSAGES.unavailable });
        return forbidden(refuse);
      },
    }),
    email: intent({
      schema: EmailChangeSchema,
      run: async (input, { refuse }) => {
        const result = await requestEmailChange({ ...context, actor: viewer, input });
        if (result.ok) return done("email_sent");
        if (result.error === "wrong_password")
          return refuse({ current_password: AUTH_MESSAGES.wrong_password });
        if (result.error === "email_taken") return refuse({ email: AUTH_MESSAGES.email_taken });
        if (result.error === "same_email") return refuse({ email: SETTINGS_MESSAGES.same_email });
        return forbidden(refuse);
      },
    }),
    password: intent({
      schema: PasswordChangeSchema,
      run: async (input, { refuse }) => {
        const result = await changePassword({
          auth: context.auth,
          actor: viewer,
          headers: request.headers,
          input,
        });
        if (!result.ok)
          return result.error === "wrong_password"
            ? refuse({ current_password: AUTH_MESSAGES.wrong_password })
            : forbidden(refuse);
        // The old session ended with the change: the new cookie keeps this device signed in.
        const headers = new Headers();
        for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
        return done("password", headers);
      },
    }),
  };
  // Each role has only its own forms: another's intent is unknown here.
  const own = Object.fromEntries(SETTINGS_INTENTS[role].map((name) => [name, handlers[name]]));
  const answer = await dispatchIntent(read.form, own, { unknown: SETTINGS_MESSAGES.unknown_intent });
  if (answer instanceof Response) throw answer;
  return answer;
}
