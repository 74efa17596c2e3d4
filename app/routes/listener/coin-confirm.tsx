import { data, Link, redirect } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { type FormValues, readFormData } from "~/.server/http/form";
import { dispatchIntent, intent } from "~/.server/http/intent-action";
import { paymentPort } from "~/.server/integrations/payments";
import { customerPort } from "~/.server/integrations/payments/listener-customers";
import { readCoinConfirmation } from "~/.server/services/payments/read-coin-confirmation";
import { startCoinCheckout } from "~/.server/services/payments/start-coin-checkout";
import { FinalConfirmation } from "~/components/money/final-confirmation";
import { EmptyState, PageHeader } from "~/components/ui/kit";
import { COIN_RETURN_TEXTS, coinPagePath, parseCoinReturn } from "~/domain/coin-return";
import {
  CoinCheckoutSchema,
  coinConfirmation,
  coinConfirmPath,
  FINAL_CONFIRMATION_TEXTS as TEXTS,
} from "~/domain/final-confirmation";
import { formatCoins, formatYen } from "~/domain/money";
import { pageTitle } from "~/site";
import type { Route } from "./+types/coin-confirm";

/**
 * The final confirmation of a coin purchase (ADR 0052): `?pack=` shows every term of that pack;
 * only its form (intent `checkout`, with the key of the terms shown) starts the provider's
 * checkout. `?return=` (ADR 0043) is checked as on the coin page and carried through.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const url = new URL(request.url);
  const back = parseCoinReturn(url.searchParams.get("return"));
  const returnPath = back.ok ? back.path : null;
  const packId = url.searchParams.get("pack");
  if (!packId) throw redirect(coinPagePath({ returnPath }));
  const confirmation = await readCoinConfirmation({ db: context.db, actor: viewer, input: { packId } });
  if (!confirmation.ok && confirmation.error === "forbidden") throw new Response(null, { status: 403 });
  const loaded = {
    pack: confirmation.ok ? confirmation.pack : null,
    terms: confirmation.ok ? confirmation.terms : null,
    // Dates are worked out here, once, so the server's and the browser's render agree.
    items: confirmation.ok ? coinConfirmation(confirmation.pack, new Date()) : [],
    provider: paymentPort(context.env)?.provider ?? null,
    returnPath,
    returnError: back.ok ? null : COIN_RETURN_TEXTS.invalid,
  };
  if (!back.ok) return data(loaded, { status: 400 });
  return confirmation.ok ? loaded : data(loaded, { status: 404 });
}

/** Back to the confirmation of the pack a refused post named (or the pack list without one). */
function confirmationOf(values: FormValues, request: Request) {
  const search = new URL(request.url).searchParams;
  const packId = typeof values.pack_id === "string" && values.pack_id ? values.pack_id : search.get("pack");
  const back = parseCoinReturn(typeof values.return === "string" ? values.return : search.get("return"));
  const returnPath = back.ok ? back.path : null;
  return redirect(packId ? coinConfirmPath({ packId, returnPath }) : coinPagePath({ returnPath }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context, "listener");
  const form = await readFormData(request);
  if (!form) throw new Response(null, { status: 400 });
  return dispatchIntent(
    form,
    {
      checkout: intent({
        schema: CoinCheckoutSchema,
        run: async (input) => {
          const result = await startCoinCheckout({
            db: context.db,
            actor: viewer,
            port: paymentPort(context.env),
            customers: customerPort(context.env, context.db),
            input: {
              packId: input.pack_id,
              confirmedTerms: input.confirmed_terms,
              baseUrl: context.env.baseUrl,
              returnPath: input.return ?? null,
            },
          });
          // Stripe's page is on another origin; the test provider's is ours (a relative path).
          if (result.ok) return redirect(result.url);
          if (result.error === "unavailable") return data({ error: result.message }, { status: 503 });
          if (result.error === "terms_changed") return data({ error: TEXTS.termsChanged }, { status: 409 });
          if (result.error === "not_found") return data({ error: TEXTS.packGone }, { status: 404 });
          if (result.error === "invalid_return")
            return data({ error: COIN_RETURN_TEXTS.invalid }, { status: 400 });
          throw new Response(null, { status: 403 });
        },
      }),
    },
    {
      // A post without the confirmation's fields (another intent, no key of the terms) starts
      // nothing: it is shown the confirmation (ADR 0052).
      otherwise: intent({ run: (_input, { values }) => confirmationOf(values, request) }),
      refusal: (_intent, values) => confirmationOf(values, request),
    },
  );
}

/** After a refused press the terms are read again: the page must show what would be charged now. */
export const shouldRevalidate = () => true;

export function meta() {
  return [{ title: pageTitle(TEXTS.coinTitle) }, { name: "robots", content: "noindex" }];
}

export default function CoinConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { pack, terms, items, provider, returnPath, returnError } = loaderData;
  const back = { to: coinPagePath({ returnPath }), label: TEXTS.backToPacks };
  if (!pack || !terms)
    return (
      <div className="mx-auto max-w-2xl space-y-5">
        <PageHeader title={TEXTS.coinTitle} back={back} />
        <EmptyState title={TEXTS.packGone}>
          <Link to={back.to} className="text-brand-700 underline">
            {back.label}
          </Link>
        </EmptyState>
      </div>
    );
  const error = actionData?.error ?? returnError ?? (provider ? null : TEXTS.coinSalesClosed);
  return (
    <FinalConfirmation
      title={TEXTS.coinTitle}
      lead={TEXTS.coinLead}
      steps={TEXTS.coinSteps}
      back={back}
      summary={
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div>
            <p className="text-slate-600 text-xs">{pack.name}</p>
            <p className="font-black text-2xl text-slate-900">{formatCoins(pack.coins)}</p>
            {pack.bonus_coins > 0 ? (
              <p className="font-bold text-brand-700 text-sm">＋ボーナス {formatCoins(pack.bonus_coins)}</p>
            ) : null}
          </div>
          <p className="text-right">
            <span className="block text-slate-600 text-xs">お支払い金額（税込）</span>
            <span className="font-black text-2xl text-slate-900" data-testid="confirmation-price">
              {formatYen(pack.price_jpy)}
            </span>
          </p>
        </div>
      }
      items={items}
      total={{ label: "お支払い金額（税込）", value: formatYen(pack.price_jpy) }}
      termsLink={{ to: "/terms", label: TEXTS.termsLink }}
      provider={provider}
      error={error}
      hidden={{
        intent: "checkout",
        pack_id: pack.pack_id,
        confirmed_terms: terms,
        ...(returnPath ? { return: returnPath } : {}),
      }}
      testId="coin-confirmation"
    />
  );
}
