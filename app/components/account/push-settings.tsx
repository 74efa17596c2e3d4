import { useMemo } from "react";
import type { InAppRecipientType } from "~/domain/in-app-notifications";
import {
  PUSH_KIND_LABELS,
  PUSH_KINDS_BY_ROLE,
  PUSH_TEXTS,
  pushKindOn,
  pushSettingFormSchema,
  SHIFT_SUMMARY_HOURS,
} from "~/domain/web-push";
import { CheckboxGroup } from "../form/checkbox-group";
import { FormErrorSummary } from "../form/form-error-summary";
import { SelectInput } from "../form/select-input";
import { SubmitButton } from "../form/submit-button";
import { field, listField, useSchemaForm } from "../form/use-schema-form";
import { IntentForm, Section, type SettingsFormResult } from "./settings-forms";
import { usePushDevice } from "./use-push-device";

/**
 * The push section of the settings pages (ADR 0045): this device's switch (the browser's
 * permission and subscription, then `POST`/`DELETE /api/push/subscriptions`), and the form of the
 * kinds that come by push — plus, for a listener, the hour of the daily 「本日出勤」 summary.
 */
export interface PushSettingsData {
  /** Null when the server has no VAPID keys (push is not offered). */
  vapidPublicKey: string | null;
  /** The stored switches (absent = on). */
  setting: Record<string, boolean>;
  shiftHour: number;
}

export function PushSettings({
  action,
  account,
  push: { vapidPublicKey, setting, shiftHour },
  result,
}: {
  action: string;
  /** The kind of account whose settings these are. */
  account: InAppRecipientType;
  push: PushSettingsData;
  result?: SettingsFormResult;
}) {
  const kinds = PUSH_KINDS_BY_ROLE[account];
  const schema = useMemo(() => pushSettingFormSchema(account), [account]);
  const { fields, errors } = useSchemaForm(schema, {
    id: "push",
    defaultValue: {
      push_setting: kinds.filter((kind) => pushKindOn(setting, kind)),
      ...(account === "listener" ? { shift_hour: String(shiftHour) } : {}),
    },
    result,
  });
  const options = kinds.map((kind) => ({ value: kind, label: PUSH_KIND_LABELS[kind] }));
  return (
    <Section id="push" title={PUSH_TEXTS.title} lead={PUSH_TEXTS.lead}>
      {vapidPublicKey && (
        <div className="mb-5">
          <DeviceSwitch vapidPublicKey={vapidPublicKey} />
        </div>
      )}
      <FormErrorSummary
        errors={errors}
        labels={{ push_setting: PUSH_TEXTS.kindsLabel, shift_hour: PUSH_TEXTS.shiftHourLabel }}
        idPrefix="push"
        className="my-4"
      />
      <IntentForm action={action} intent="push_setting">
        <CheckboxGroup
          {...listField(fields.push_setting)}
          label={PUSH_TEXTS.kindsLabel}
          options={options}
          columns={1}
        />
        {account === "listener" && (
          <SelectInput
            {...field(fields.shift_hour)}
            label={PUSH_TEXTS.shiftHourLabel}
            hint={PUSH_TEXTS.shiftHourHint}
            options={SHIFT_SUMMARY_HOURS.map((hour) => ({ value: String(hour), label: `${hour}:00` }))}
          />
        )}
        <SubmitButton pendingLabel="保存中…">{PUSH_TEXTS.kindsSave}</SubmitButton>
      </IntentForm>
    </Section>
  );
}

/** This device's switch: asks the browser, subscribes with the server's key, tells the server. */
function DeviceSwitch({ vapidPublicKey }: { vapidPublicKey: string }) {
  const { state, message, turnOn, turnOff } = usePushDevice(vapidPublicKey);
  if (state === "unsupported" || state === "denied")
    return (
      <p
        className="rounded-lg bg-slate-50 px-3 py-3 text-slate-700 text-sm leading-relaxed"
        data-testid="push-device"
      >
        {state === "unsupported" ? PUSH_TEXTS.unsupported : PUSH_TEXTS.denied}
      </p>
    );
  const on = state === "on";
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-3"
      data-testid="push-device"
    >
      <p className="font-bold text-sm" aria-live="polite">
        {state === "checking" || state === "busy"
          ? "確認中…"
          : on
            ? PUSH_TEXTS.deviceIsOn
            : PUSH_TEXTS.deviceIsOff}
      </p>
      <button
        type="button"
        onClick={on ? turnOff : turnOn}
        disabled={state === "checking" || state === "busy"}
        aria-pressed={on}
        className={`min-h-11 rounded-full px-4 font-bold text-sm disabled:opacity-60 ${
          on ? "border border-slate-300 bg-white text-slate-700" : "bg-brand-600 text-white"
        }`}
      >
        {on ? PUSH_TEXTS.deviceOff : PUSH_TEXTS.deviceOn}
      </button>
      {message && (
        <p role="alert" className="w-full text-red-700 text-sm">
          {message}
        </p>
      )}
    </div>
  );
}
