import { useEffect, useState } from "react";
import { INVITATION_SHARE_TEXTS, invitationShareMessage, lineShareUrl } from "~/domain/invitation-share";
import { formatMonthDayTime } from "~/domain/relative-time";

const SHARE_BUTTON =
  "inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-5 font-bold text-sm";

/**
 * A freshly issued invitation link (shown this once: only its hash is kept) and the ways to send it:
 * the link as text to select (also without JavaScript: a read-only field that wraps, selected on focus), a
 * 「LINEで送る」 link (a plain link to LINE's share page, so it works without JavaScript too), and
 * with JavaScript 「コピー」 (the clipboard, where the browser allows it) and 「共有する」 (the Web Share
 * API: the phone's share sheet, only where `navigator.share` exists).
 */
export function IssuedInvitation({
  url,
  expiresAt,
  storeName,
}: {
  url: string;
  expiresAt: Date | string;
  storeName: string;
}) {
  const [copied, setCopied] = useState(false);
  const [can, setCan] = useState({ copy: false, share: false });
  useEffect(
    () =>
      setCan({
        copy: typeof navigator !== "undefined" && Boolean(navigator.clipboard),
        share: typeof navigator !== "undefined" && typeof navigator.share === "function",
      }),
    [],
  );
  const message = invitationShareMessage({ storeName, url, expiresAt });
  const selectLink = () => {
    const input = document.getElementById("issued-invitation-url");
    if (input instanceof HTMLTextAreaElement) input.select();
  };

  return (
    <div
      className="mb-5 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200"
      data-testid="issued-invitation"
    >
      <p className="font-bold text-emerald-900 text-sm">招待リンクを発行しました</p>
      <p className="mt-1 text-emerald-900 text-xs">
        このリンクは今だけ表示されます。LINEなどでキャストに送ってください（期限{" "}
        {formatMonthDayTime(expiresAt)}・1回のみ有効）。
      </p>
      <label htmlFor="issued-invitation-url" className="sr-only">
        招待リンク
      </label>
      {/* Wrapped, so the whole link shows on a phone; selected at once when focused or tapped. */}
      <textarea
        id="issued-invitation-url"
        readOnly
        rows={3}
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-3 block min-h-11 w-full resize-none select-all break-all field-sizing-content rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-sm"
      />
      <div className="mt-3 flex flex-wrap gap-2" data-testid="invitation-share">
        {can.share ? (
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.share({ title: INVITATION_SHARE_TEXTS.title(storeName), text: message });
              } catch {
                // Closed without sharing (AbortError) or not allowed here: nothing to do.
              }
            }}
            className={`${SHARE_BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
          >
            <span aria-hidden="true">↗</span>
            {INVITATION_SHARE_TEXTS.share}
          </button>
        ) : null}
        <a
          href={lineShareUrl(message)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${SHARE_BUTTON} bg-[#00833e] text-white hover:bg-[#006e34]`}
        >
          {INVITATION_SHARE_TEXTS.line}
          <span className="sr-only">（新しいタブで開きます）</span>
        </a>
        {can.copy ? (
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url);
                setCopied(true);
              } catch {
                // Not allowed here (an insecure origin, a denied permission): select it for a manual copy.
                selectLink();
              }
            }}
            className={`${SHARE_BUTTON} border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-100`}
          >
            {copied ? INVITATION_SHARE_TEXTS.copied : INVITATION_SHARE_TEXTS.copy}
          </button>
        ) : null}
      </div>
    </div>
  );
}
