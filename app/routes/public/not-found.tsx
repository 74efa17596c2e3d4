import { data } from "react-router";
import { NotFoundContent } from "~/components/layout/not-found-content";
import { pageTitle } from "~/site";

export function loader() {
  // A real 404 status for unknown paths, rendered by the root error boundary.
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: pageTitle("ページが見つかりません") }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
