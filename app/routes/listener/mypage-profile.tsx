import { Form, Link, redirect, useSearchParams } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { invalid, parseForm } from "~/.server/http/form";
import { getMatchingInfo } from "~/.server/services/accounts/get-matching-info";
import { updateMatchingInfo } from "~/.server/services/accounts/update-matching-info";
import { FormErrorSummary } from "~/components/form/form-error-summary";
import { RadioGroup } from "~/components/form/radio-group";
import { SubmitButton } from "~/components/form/submit-button";
import { field, fieldsetOf, useSchemaForm } from "~/components/form/use-schema-form";
import { sameOriginPathOf } from "~/domain/account-roles";
import { chosenAnswers } from "~/domain/matching";
import { MATCHING_PROFILE_MESSAGES, MatchingProfileSchema } from "~/domain/matching-profile";
import { MATCHING_ANSWER_PATH, MATCHING_TEXTS } from "~/domain/matching-texts";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { SORT_LABELS } from "~/domain/search-query";
import { pageTitle } from "~/site";
import type { Route } from "./+types/mypage-profile";

/** Where 「相性診断に答える」 came from (a same-origin path), to go back after saving. */
function fromOf(value: string | null | undefined): string | null {
  const path = sameOriginPathOf(value);
  return path && !path.startsWith(MATCHING_ANSWER_PATH) ? path : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  // Only what she chose: the others show unanswered (ADR 0060), never a preselected default.
  const answers = chosenAnswers(await getMatchingInfo({ db: context.db, actor: viewer }));
  return {
    answers,
    answeredCount: Object.keys(answers).length,
    from: fromOf(new URL(request.url).searchParams.get("from")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const from = fromOf(new URL(request.url).searchParams.get("from"));
  const parsed = await parseForm(request, MatchingProfileSchema);
  if (!parsed.ok) return invalid(parsed.values, parsed.errors);
  await updateMatchingInfo({ db: context.db, actor: viewer, input: parsed.data });
  throw redirect(`${MATCHING_ANSWER_PATH}?saved=1${from ? `&from=${encodeURIComponent(from)}` : ""}`);
}

export function meta() {
  return [{ title: pageTitle("相性診断の回答") }, { name: "robots", content: "noindex" }];
}

const LABELS = Object.fromEntries(MATCHING_QUESTIONS.map((q) => [`matching_info.${q.key}`, q.question]));

export default function MypageProfile({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { answers, answeredCount, from } = loaderData;
  const { fields, errors } = useSchemaForm(MatchingProfileSchema, {
    defaultValue: { matching_info: answers },
    result: actionData,
  });
  const fieldsets = fieldsetOf(fields.matching_info);
  const saved = params.get("saved") === "1" && !actionData;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h1 className="font-bold text-xl">相性診断の回答</h1>
      <p className="mt-2 text-slate-600 text-sm leading-relaxed">
        質問に答えると、キャストのページや検索結果にあなたとの相性（18〜100%）が表示され、「
        {SORT_LABELS.matching}」で探せます。答えたい質問だけでも保存できます。
        {answeredCount < MATCHING_QUESTIONS.length &&
          " 答えていない質問は、それぞれ左側の回答を選んだものとして計算されます。"}
      </p>
      <p className="mt-1 text-slate-500 text-xs">{MATCHING_TEXTS.explanation}</p>
      {saved && (
        <div role="status" className="mt-4 rounded-xl bg-emerald-50 p-3 text-emerald-800 text-sm">
          <p className="font-bold">{MATCHING_PROFILE_MESSAGES.saved}</p>
          {from && (
            <Link to={from} className="mt-1 inline-flex min-h-11 items-center font-bold underline">
              {MATCHING_TEXTS.backAfterSaving}
            </Link>
          )}
        </div>
      )}
      <Form method="post" className="mt-5 space-y-5" noValidate>
        <FormErrorSummary errors={errors} labels={LABELS} order={Object.keys(LABELS)} />
        {MATCHING_QUESTIONS.map((question, index) => {
          const answer = field(fieldsets[question.key]!);
          return (
            <RadioGroup
              key={question.key}
              {...answer}
              label={`Q${index + 1}. ${question.question}`}
              options={question.answers}
              // A refused post shows what was sent; else her saved answer, or nothing chosen.
              defaultValue={answer.defaultValue ?? answers[question.key]}
              // Every question is optional (a partial save): no 必須 badge.
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
