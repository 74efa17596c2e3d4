import { Form } from "react-router";
import type { LiftAccountSuspensionSchema } from "~/domain/account-suspensions";
import type { DeleteStaffSchema, HideStaffSchema, SuspendStoreSchema } from "~/domain/admin-stores";
import { REASON_MAX } from "~/domain/admin-stores";
import { FormErrorSummary } from "../form/form-error-summary";
import { SubmitButton } from "../form/submit-button";
import { TextareaInput } from "../form/textarea-input";
import { field, type ServerFormResult, useSchemaForm } from "../form/use-schema-form";
import { type ConfirmStepOptions, useConfirmStep } from "./confirm-step";

const LOOKS = {
  red: {
    box: "ring-red-200",
    summary: "text-red-800 hover:bg-red-50",
    button: "bg-red-700! hover:bg-red-800!",
  },
  amber: { box: "ring-amber-300", summary: "text-amber-900 hover:bg-amber-50", button: "" },
} as const;

/**
 * A serious operator action that needs a reason the store will read (suspend a store, hide or
 * delete a performer, lift an account's block): closed behind its title until opened, so it is not
 * pressed in passing; open again with the message when the reason was missing. Works without
 * JavaScript (`<details>`). `id` tells apart several forms of one intent on a page; `hidden` are
 * the fields that say what the form acts on. With `confirm` (its schema has a `confirm` field) it
 * takes the console's confirmation step (ADR 0053), the dialog repeating the reason as typed.
 */
export function ReasonForm({
  intent,
  id = intent,
  hidden = {},
  schema,
  result,
  summary,
  label,
  hint = "店舗へのメールにそのまま記載されます。",
  button,
  pendingLabel = "処理中…",
  tone,
  warning,
  confirm,
}: {
  intent: string;
  id?: string;
  hidden?: Record<string, string>;
  schema:
    | typeof SuspendStoreSchema
    | typeof HideStaffSchema
    | typeof DeleteStaffSchema
    | typeof LiftAccountSuspensionSchema;
  result: ServerFormResult | null;
  summary: string;
  label: string;
  hint?: string;
  button: string;
  pendingLabel?: string;
  tone: keyof typeof LOOKS;
  warning?: string;
  confirm?: Omit<ConfirmStepOptions, "id" | "error" | "summary">;
}) {
  const { fields, errors } = useSchemaForm(schema, { id, result });
  const step = useConfirmStep({
    ...(confirm ?? { checkboxLabel: "", title: "", description: "", confirmLabel: "" }),
    id,
    error: errors.confirm,
    summary: (data) => [{ label, value: String(data.get("reason") ?? "").trim() }],
  });
  const look = LOOKS[tone];
  return (
    <details className={`group rounded-xl ring-1 ${look.box}`} open={result ? true : undefined}>
      <summary
        className={`flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl px-4 py-2 font-bold text-sm ${look.summary}`}
      >
        {summary}
        <span aria-hidden="true" className="transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <Form
        method="post"
        className="space-y-3 px-4 pt-2 pb-4"
        noValidate
        onSubmit={confirm ? step.onSubmit : undefined}
      >
        {warning ? <p className="text-red-800 text-sm">{warning}</p> : null}
        <FormErrorSummary errors={errors} idPrefix={id} labels={{ reason: label, confirm: "確認" }} />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextareaInput {...field(fields.reason)} label={label} hint={hint} maxLength={REASON_MAX} rows={4} />
        {confirm ? step.checkbox : null}
        <SubmitButton block={false} pendingLabel={pendingLabel} className={look.button}>
          {button}
        </SubmitButton>
        {confirm ? step.dialog : null}
      </Form>
    </details>
  );
}
