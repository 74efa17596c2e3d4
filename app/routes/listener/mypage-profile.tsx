import { Form, redirect, useSearchParams } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { invalid, parseForm } from "~/.server/http/form";
import { getMatchingInfo } from "~/.server/services/accounts/get-matching-info";
import { updateMatchingInfo } from "~/.server/services/accounts/update-matching-info";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { field, fieldsetOf, useSchemaForm } from "~/components/form/use-schema-form";
import { normalizeMatchingInfo } from "~/domain/matching";
import { MATCHING_PROFILE_MESSAGES, MatchingProfileSchema } from "~/domain/matching-profile";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const stored = (await getMatchingInfo({ db: context.db, actor: viewer })) ?? {};
  return { answers: normalizeMatchingInfo(stored), answeredCount: Object.keys(stored).length };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const parsed = await parseForm(request, MatchingProfileSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  await updateMatchingInfo({ db: context.db, actor: viewer, input: parsed.data });
  throw redirect("/listener/mypage/profile?saved=1");
}

export function meta() {
  return [{ title: pageTitle("相性診断の回答") }, { name: "robots", content: "noindex" }];
}

const LABELS = Object.fromEntries(MATCHING_QUESTIONS.map((q) => [`matching_info.${q.key}`, q.question]));

export default function MypageProfile({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { fields, errors } = useSchemaForm(MatchingProfileSchema, {
    defaultValue: { matching_info: loaderData.answers },
    result: actionData,
  });
  const answers = fieldsetOf(fields.matching_info);
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h1 className="font-bold text-xl">相性診断の回答</h1>
      <p className="mt-2 text-slate-600 text-sm leading-relaxed">
        13の質問に答えると、キャストのページや検索結果にあなたとの相性（18〜100%）が表示され、「相性が良い順」で探せます。
        {loaderData.answeredCount < MATCHING_QUESTIONS.length &&
          " 未回答の質問は、それぞれ左側の回答を選んだものとして計算されます。"}
      </p>
      {params.get("saved") === "1" && !actionData && (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 font-bold text-emerald-800 text-sm">
          {MATCHING_PROFILE_MESSAGES.saved}
        </p>
      )}
      <Form method="post" className="mt-5 space-y-5" noValidate>
        <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} />
        {MATCHING_QUESTIONS.map((question, index) => {
          const answer = field(answers[question.key]!);
          return (
            <RadioGroup
              key={question.key}
              {...answer}
              label={`Q${index + 1}. ${question.question}`}
              options={question.answers}
              // A question left unanswered in a refused post shows the saved answer again.
              defaultValue={answer.defaultValue ?? loaderData.answers[question.key]}
              // Unanswered questions count as the left-hand answer: no 必須 badge on the page.
              required={undefined}
              inline
            />
          );
        })}
        <SubmitButton pendingLabel="保存中…">回答を保存する</SubmitButton>
      </Form>
    </section>
  );
}
