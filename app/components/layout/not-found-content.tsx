import { Link } from "react-router";

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="font-black text-6xl text-brand-500">404</p>
      <h1 className="mt-4 font-bold text-xl">ページが見つかりません</h1>
      <p className="mt-3 text-slate-600 text-sm leading-relaxed">
        お探しのページは削除されたか、URLが変更された可能性があります。
        <br />
        お手数ですが、トップページからお探しください。
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700"
      >
        トップページへ戻る
      </Link>
    </section>
  );
}

export function ErrorContent({ detail }: { detail?: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="font-black text-5xl text-brand-500">Error</p>
      <h1 className="mt-4 font-bold text-xl">エラーが発生しました</h1>
      <p className="mt-3 text-slate-600 text-sm leading-relaxed">
        ご不便をおかけして申し訳ありません。時間をおいてから再度お試しください。
      </p>
      {detail && (
        <pre className="mt-6 overflow-x-auto rounded-lg bg-slate-100 p-3 text-left text-slate-700 text-xs">
          {detail}
        </pre>
      )}
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700"
      >
        トップページへ戻る
      </Link>
    </section>
  );
}
