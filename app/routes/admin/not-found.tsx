import { data } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import type { Route } from "./+types/not-found";

/** Unknown paths under /admin: the guard first (nobody else learns what exists), then a 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await operatorActor(request, context);
  throw data(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  await operatorActor(request, context);
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
