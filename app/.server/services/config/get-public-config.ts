import { clientRemoteConfig } from "~/domain/remote-config";
import type { Db } from "../../db/client";
import { readRemoteConfig } from "../shared/remote-config";

/** The remote configuration browsers may read (`client` keys), for `GET /api/config`. */
export async function getPublicConfig({ db }: { db: Db }) {
  return { values: clientRemoteConfig(await readRemoteConfig(db)) };
}
