import type { Request, Response } from "express";
import type { ApiErrorCode } from "~/.server/http/api-response";

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: "invalid-argument",
  403: "permission-denied",
  413: "resource-exhausted",
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Answers a request that a middleware refuses before React Router sees it: the JSON error of the
 * API (ADR 0020, `{error: {code, message}}`) under /api, otherwise a small Japanese HTML page
 * (the app's own error page needs React Router, which never runs for such a request).
 */
export function refuse(req: Request, res: Response, status: number, message: string): void {
  if (req.path.startsWith("/api/") || req.path === "/api") {
    res.status(status).json({ error: { code: CODE_OF_STATUS[status] ?? "invalid-argument", message } });
    return;
  }
  res
    .status(status)
    .type("text/html; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send(
      `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>リクエストを処理できませんでした</title></head>` +
        `<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.7">` +
        `<h1 style="font-size:1.25rem">リクエストを処理できませんでした</h1><p>${escapeHtml(message)}</p>` +
        `<p><a href="/">トップページへ戻る</a></p></body></html>`,
    );
}
