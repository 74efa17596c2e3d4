import { Form, redirect } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import {
  type FieldErrors,
  FORM_ERROR_KEY,
  type FormValues,
  invalid,
  readFormData,
} from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { deleteNews } from "~/.server/services/news/delete-news";
import { getOperatorNews } from "~/.server/services/news/get-operator-news";
import { saveNews } from "~/.server/services/news/save-news";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { TextInput } from "~/components/form/text-input";
import { TextareaInput } from "~/components/form/textarea-input";
import { field, useSchemaForm } from "~/components/form/use-schema-form";
import { Badge, Card, PageHeader } from "~/components/ui/kit";
import { formatAdminDateTime, isRecordId } from "~/domain/admin";
import {
  dateToTokyoLocal,
  NEWS_AUDIENCE_LABELS,
  NEWS_AUDIENCES,
  NEWS_BODY_MAX,
  NEWS_MESSAGES,
  NEWS_TITLE_MAX,
  NewsFormSchema,
} from "~/domain/news";
import { pageTitle } from "~/site";
import type { Route } from "./+types/news-edit";

const LABELS = {
  title: "タイトル",
  body: "本文",
  audience: "配信先",
  published_at: "公開日時",
  intent: "操作",
};

const AUDIENCE_OPTIONS = NEWS_AUDIENCES.map((value) => ({ value, label: NEWS_AUDIENCE_LABELS[value] }));

/** `/admin/news/new` or `/admin/news/{id}`: the id of the news to edit, null for a new one. */
function newsIdOf(params: { id?: string }): string | null {
  if (params.id === undefined) return null;
  if (!isRecordId(params.id)) throw new Response(null, { status: 404 });
  return params.id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const newsId = newsIdOf(params);
  if (!newsId) return { news: null };
  const found = await getOperatorNews({ db: context.db, actor, input: { newsId } });
  if (!found) throw new Response(null, { status: 404 });
  return {
    news: {
      news_id: found.news_id,
      title: found.title,
      body: found.body,
      audience: found.audience,
      published_at: found.published_at.toISOString(),
      send_mail: found.send_mail,
      mail_requested: found.mail_requested_at !== null,
      scheduled: found.scheduled,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await operatorActor(request, context);
  const newsId = newsIdOf(params);
  const formData = (await readFormData(request)) ?? new FormData();
  return dispatchIntent(
    formData,
    {
      delete: intent({
        run: async () => {
          if (!newsId) throw new Response(null, { status: 404 });
          const result = await deleteNews({ db: context.db, actor, input: { newsId } });
          if (result.ok) return redirect("/admin/news?done=deleted");
          if (result.error === "not_found") throw new Response(null, { status: 404 });
          return invalid({}, { [FORM_ERROR_KEY]: NEWS_MESSAGES.alreadyPublished });
        },
      }),
    },
    {
      // The save form's buttons post their own intent (publish_now, schedule, save), a field of
      // NewsFormSchema: every other intent is that form, an unknown one refused at its `intent`.
      otherwise: intent({
        schema: NewsFormSchema,
        run: async (form, { values }) => {
          const result = await saveNews({ db: context.db, actor, input: { newsId, form } });
          if (!result.ok) {
            if (result.error === "not_found") throw new Response(null, { status: 404 });
            return invalid(values, result.errors);
          }
          const done = result.published ? (newsId ? "saved" : "published") : "scheduled";
          return redirect(`/admin/news?done=${form.intent === "publish_now" ? "published" : done}`);
        },
      }),
      refusal: (_intent: string, values: FormValues, errors: FieldErrors) => invalid(values, errors),
    },
  );
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.news ? `お知らせの編集：${loaderData.news.title}` : "お知らせの作成";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminNewsEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { news } = loaderData;
  const published = news !== null && !news.scheduled;
  const values = actionData?.values as Record<string, unknown> | undefined;
  const { fields, errors } = useSchemaForm(NewsFormSchema, {
    defaultValue: news
      ? { ...news, published_at: dateToTokyoLocal(news.published_at), send_mail: news.send_mail }
      : { audience: "all" },
    result: actionData,
  });
  const sendMailChecked = values ? values.send_mail === "1" : (news?.send_mail ?? false);

  return (
    <>
      <PageHeader
        title={news ? "お知らせの編集" : "お知らせの作成"}
        lead={
          news ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={published ? "green" : "amber"}>{published ? "公開中" : "予約"}</Badge>
              <span>
                {formatAdminDateTime(news.published_at)} {published ? "公開" : "公開予定"}
              </span>
            </span>
          ) : (
            "公開すると、配信先のマイページに未読として表示されます。"
          )
        }
        back={{ to: "/admin/news", label: "お知らせの一覧へ" }}
      />
      <div className="space-y-5">
        <Card>
          <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} />
          <Form method="post" className="space-y-5" noValidate>
            <TextInput {...field(fields.title)} label="タイトル" maxLength={NEWS_TITLE_MAX} />
            <TextareaInput
              {...field(fields.body)}
              label="本文"
              hint="テキストのみ。改行はそのまま表示され、http:// や https:// で始まるURLはリンクになります。"
              maxLength={NEWS_BODY_MAX}
              rows={10}
            />
            <RadioGroup {...field(fields.audience)} label="配信先" options={AUDIENCE_OPTIONS} inline />
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.send_mail.name}
                value="1"
                defaultChecked={sendMailChecked}
                disabled={published}
                className="size-5 accent-brand-600"
              />
              配信先にメールでもお知らせする
              {published ? (
                <span className="text-slate-500 text-xs">
                  （公開済みのため変更できません{news?.mail_requested ? "・メール配信済み" : ""}）
                </span>
              ) : null}
            </label>
            {published ? (
              <SubmitButton name="intent" value="save" pendingLabel="保存中…">
                保存する
              </SubmitButton>
            ) : (
              <div className="space-y-5">
                <TextInput
                  {...field(fields.published_at)}
                  type="datetime-local"
                  lang="ja"
                  label="公開日時（日本時間）"
                  hint="予約するときだけ入力します（日本時間、分まで）。「今すぐ公開」では現在の日時になります。"
                  required={false}
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <SubmitButton name="intent" value="publish_now" pendingLabel="公開中…">
                    今すぐ公開
                  </SubmitButton>
                  <SubmitButton name="intent" value="schedule" variant="secondary" pendingLabel="予約中…">
                    この日時で予約する
                  </SubmitButton>
                </div>
              </div>
            )}
          </Form>
        </Card>
        {news && !published ? (
          <Card title="削除" lead="公開前のお知らせだけ削除できます。">
            <Form method="post">
              <SubmitButton
                name="intent"
                value="delete"
                variant="secondary"
                block={false}
                pendingLabel="削除中…"
              >
                このお知らせを削除
              </SubmitButton>
            </Form>
          </Card>
        ) : null}
      </div>
    </>
  );
}
