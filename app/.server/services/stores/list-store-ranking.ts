import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { rankedStores } from "./store-ranking";

/** The ranked stores in directory order, for the ranking page (ADR 0033 `order`). */
export async function listStoreRanking({ db, actor }: { db: Db; actor: SignedInOperator }) {
  await assertOperator(db, actor);
  return rankedStores(db);
}
