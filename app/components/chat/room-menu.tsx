import { Form } from "react-router";
import { REPORT_REASON_MAX_LENGTH } from "~/domain/chat";
import type { RoomActionData } from "./chat-room-messages";
import { CHAT_UI } from "./chat-texts";

/** ブロック and 通報 behind a ⋯ button (plain forms posted to the page; a `<details>`, no script). */
export function RoomMenu({
  blockedByMe,
  actionData,
}: {
  blockedByMe: boolean;
  actionData: RoomActionData | null;
}) {
  const reportError = actionData?.intent === "report" ? actionData.errors.reason : undefined;
  return (
    <details className="relative" open={reportError ? true : undefined}>
      <summary
        className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full text-slate-600 text-xl hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={CHAT_UI.more}
        data-testid="room-menu"
      >
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] space-y-4 rounded-xl bg-white p-4 text-slate-800 shadow-xl ring-1 ring-black/5">
        {blockedByMe ? null : (
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm(CHAT_UI.blockConfirm)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="block" />
            <button
              type="submit"
              className="min-h-11 w-full rounded-full border border-slate-300 px-4 font-bold text-sm hover:bg-slate-50"
              data-testid="room-block"
            >
              {CHAT_UI.block}
            </button>
          </Form>
        )}
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="report" />
          <p className="font-bold text-sm">{CHAT_UI.report}</p>
          <p className="text-slate-600 text-xs leading-relaxed">{CHAT_UI.reportLead}</p>
          <label htmlFor="report-reason" className="block font-bold text-xs">
            {CHAT_UI.reportReason}
          </label>
          <textarea
            id="report-reason"
            name="reason"
            rows={3}
            maxLength={REPORT_REASON_MAX_LENGTH}
            defaultValue={actionData?.intent === "report" ? actionData.values.reason : ""}
            aria-invalid={reportError ? true : undefined}
            aria-describedby={reportError ? "report-reason-error" : undefined}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
          />
          {reportError ? (
            <p id="report-reason-error" role="alert" className="text-red-700 text-sm">
              {reportError}
            </p>
          ) : null}
          <button
            type="submit"
            className="min-h-11 w-full rounded-full bg-red-700 px-4 font-bold text-sm text-white hover:bg-red-800"
            data-testid="room-report"
          >
            {CHAT_UI.reportSubmit}
          </button>
        </Form>
      </div>
    </details>
  );
}
