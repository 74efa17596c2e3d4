import { useEffect, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { FOLLOW_FORM_ACTION, type FollowFormResult } from "~/domain/follow-form";
import { formatNumber } from "~/domain/format";
import { HeartIcon } from "../ui/icons";
import { useViewer } from "./use-viewer";

export interface FollowButtonProps {
  kind: "staff" | "liver";
  targetId: string;
  /** The target's display name, for the accessible label. */
  targetName: string;
  /** The signed-in listener's follow (undefined/null: not following). */
  favoriteId?: string | null;
  followerNumber: number;
  /** compact: a small pill for cards; large: the page's main button with the count beside it. */
  size?: "compact" | "large";
  /** overlay: on a dark ground (the live viewer); the compact pill is then only as wide as it needs. */
  tone?: "light" | "overlay";
}

/**
 * Follow / unfollow (docs/product.md). A plain form that works without JavaScript (the server redirects
 * back); with it, a fetcher sends the form, the button flips at once and takes the exact count
 * from the answer. Signed out (or signed in as a store or staff), it is a link to the listener
 * login that comes back to this page.
 */
export function FollowButton({
  kind,
  targetId,
  targetName,
  favoriteId,
  followerNumber,
  size = "compact",
  tone = "light",
}: FollowButtonProps) {
  const viewer = useViewer();
  const location = useLocation();
  const fetcher = useFetcher<FollowFormResult>();
  const back = `${location.pathname}${location.search}`;
  // Only a hydrated page can take the fetcher's answer; before that the server redirects back.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const pending = fetcher.formData;
  const answered = fetcher.data && fetcher.data.target_id === targetId ? fetcher.data : undefined;
  const following = pending
    ? pending.get("intent") === "follow"
    : answered
      ? answered.following
      : Boolean(favoriteId);
  const count = answered?.follower_number ?? followerNumber;
  const large = size === "large";
  const base = large
    ? "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-5 font-bold text-sm"
    : "inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full px-3 font-bold text-xs";
  const style = following
    ? "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50"
    : "bg-brand-600 text-white shadow hover:bg-brand-700";
  const label = following ? "フォロー中" : large ? "フォローする" : "フォロー";
  const counter = large ? (
    <span
      className={`text-sm ${tone === "overlay" ? "text-white/80" : "text-slate-600"}`}
      data-testid="follower-number"
    >
      フォロワー{" "}
      <span className={`font-bold ${tone === "overlay" ? "text-white" : "text-slate-900"}`}>
        {formatNumber(count)}
      </span>
      人
    </span>
  ) : (
    <span
      className={`flex items-center gap-1 text-xs ${tone === "overlay" ? "text-white/90" : "text-slate-500"}`}
      data-testid="follower-number"
    >
      <HeartIcon className="size-3.5 text-brand-500" />
      <span className="sr-only">フォロワー</span>
      <span className={`font-bold ${tone === "overlay" ? "text-white" : "text-slate-700"}`}>
        {formatNumber(count)}
      </span>
    </span>
  );
  const row = large
    ? "flex flex-wrap items-center gap-3"
    : tone === "overlay"
      ? "flex shrink-0 items-center gap-2"
      : "flex w-full items-center justify-between gap-2";

  if (viewer?.type !== "listener") {
    return (
      <div className={row}>
        {large ? null : counter}
        <Link
          to={`/listener/login?from=${encodeURIComponent(back)}`}
          className={`${base} ${style}`}
          aria-label={`${targetName}をフォローする（ログインが必要です）`}
        >
          <HeartIcon />
          {large ? "フォローする" : "フォロー"}
        </Link>
        {large ? counter : null}
      </div>
    );
  }

  return (
    <div className={row}>
      {large ? null : counter}
      <fetcher.Form method="post" action={FOLLOW_FORM_ACTION}>
        <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
        <input type="hidden" name={kind === "staff" ? "staff_id" : "liver_id"} value={targetId} />
        <input type="hidden" name="back" value={back} />
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <button
          type="submit"
          className={`${base} ${style}`}
          aria-pressed={following}
          aria-label={following ? `${targetName}のフォローを解除する` : `${targetName}をフォローする`}
        >
          <HeartIcon />
          {label}
        </button>
      </fetcher.Form>
      {large ? counter : null}
    </div>
  );
}
