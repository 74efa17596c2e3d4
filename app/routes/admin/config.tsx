import { data, Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { getRemoteConfig, type RemoteConfigEntry } from "~/.server/services/config/get-remote-config";
import { setRemoteConfigValue } from "~/.server/services/config/set-remote-config-value";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, doneMessage, FlashMessage, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime } from "~/domain/admin";
import {
  formatRemoteConfigValue,
  REMOTE_CONFIG_KEYS,
  RemoteConfigFormSchema,
  type RemoteConfigKey,
} from "~/domain/remote-config";
import { pageTitle } from "~/site";
import type { Route } from "./+types/config";

const DONE = {
  saved: "設定値を保存しました",
  reset: "既定値に戻しました",
  unchanged: "変更はありませんでした",
} as const;

interface ConfigActionData {
  key: string;
  values: { key: string; value: string };
  errors: Record<string, string | undefined>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const url = new URL(request.url);
  return {
    entries: await getRemoteConfig({ db: context.db, actor }),
    done: doneMessage(url.searchParams.get("done"), DONE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const form = (await readFormData(request)) ?? new FormData();
  const key = String(form.get("key") ?? "");
  const raw = String(form.get("value") ?? "");
  const set = (reset: boolean) =>
    intent({
      run: async () => {
        const result = await setRemoteConfigValue({
          db: context.db,
          actor,
          input: reset ? { key, reset: true } : { key, raw },
        });
        if (!result.ok)
          return data<ConfigActionData>(
            { key, values: { key, value: raw }, errors: { value: result.message } },
            { status: 400 },
          );
        const done = !result.changed ? "unchanged" : reset ? "reset" : "saved";
        return redirect(`/admin/config?done=${done}#config-${key}`);
      },
    });
  // A post with another intent, or none, saves (the form's first button is the save button).
  return dispatchIntent(form, { save: set(false), reset: set(true) }, { otherwise: set(false) });
}

export function meta() {
  return [{ title: pageTitle("設定値") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, done } = loaderData;
  const result = actionData as ConfigActionData | undefined;
  return (
    <>
      <PageHeader
        title="設定値"
        lead="サイトの動きを変える値です。保存するとすぐにサーバーに反映されます（ほかのサーバーには5秒以内）。ブラウザには最大12時間ごとに配信されます。"
      />
      <div className="space-y-5">
        {entries.map((entry) => (
          <ConfigCard key={entry.key} entry={entry} result={result?.key === entry.key ? result : null} />
        ))}
      </div>
      <FlashMessage message={done} />
    </>
  );
}

function ConfigCard({ entry, result }: { entry: RemoteConfigEntry; result: ConfigActionData | null }) {
  const definition = REMOTE_CONFIG_KEYS[entry.key as RemoteConfigKey];
  const id = `config-${entry.key}`;
  const current = typeof entry.value === "boolean" ? String(entry.value) : String(entry.value);
  const { fields } = useSchemaForm(RemoteConfigFormSchema, {
    id,
    defaultValue: { key: entry.key, value: current },
    result,
  });
  const binding = field(fields.value);
  const label = `${definition.label}${definition.type === "number" && definition.unit ? `（${definition.unit}）` : ""}`;
  return (
    <Card
      id={id}
      title={definition.label}
      testId={id}
      lead={
        <>
          <span className="mb-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700 text-xs">{entry.key}</code>
            <Badge tone="gray">{TYPE_LABELS[definition.type]}</Badge>
            <Badge tone={definition.client ? "brand" : "gray"}>
              {definition.client ? "ブラウザにも配信" : "サーバーのみ"}
            </Badge>
            {entry.set ? <Badge tone="green">変更あり</Badge> : <Badge tone="gray">既定値</Badge>}
          </span>
          {definition.help}
        </>
      }
    >
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="key" value={entry.key} />
        {definition.type === "boolean" ? (
          <RadioGroup
            {...binding}
            label={label}
            inline
            options={[
              { value: "true", label: definition.on },
              { value: "false", label: definition.off },
            ]}
          />
        ) : definition.type === "string" && definition.multiline ? (
          <TextareaInput {...binding} label={label} maxLength={definition.maxLength} rows={6} />
        ) : definition.type === "string" ? (
          <TextInput {...binding} label={label} maxLength={definition.maxLength} />
        ) : (
          <TextInput
            {...binding}
            label={label}
            inputMode="numeric"
            autoComplete="off"
            hint={`${definition.min.toLocaleString("ja-JP")}〜${definition.max.toLocaleString("ja-JP")}`}
            inputClassName="max-w-40"
          />
        )}
        <p className="text-slate-500 text-xs">
          既定値：{formatRemoteConfigValue(definition, definition.default)}
          {entry.updated_at
            ? `・最終更新 ${formatAdminDateTime(entry.updated_at)}${entry.updated_by ? `（${entry.updated_by}）` : ""}`
            : ""}
          {entry.ignored ? "・保存されていた値は現在の型に合わないため使われていません" : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <SubmitButton block={false} name="intent" value="save" pendingLabel="保存中…">
            保存
          </SubmitButton>
          {entry.set || entry.ignored ? (
            <SubmitButton
              variant="secondary"
              block={false}
              name="intent"
              value="reset"
              pendingLabel="戻しています…"
            >
              既定値に戻す
            </SubmitButton>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

const TYPE_LABELS = { string: "文字列", boolean: "真偽値", number: "数値" } as const;
