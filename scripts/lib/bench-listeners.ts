import { sql } from "drizzle-orm";
import type { Db } from "../../app/.server/db/client";

/**
 * `count` verified listeners with the default settings (`bench-l-0000001`…), 20,000 per statement
 * pair: the audience of the news-mail and notify benches.
 */
export async function insertBenchListeners(
  db: Db,
  count: number,
  progress: (done: number) => void = () => {},
): Promise<void> {
  for (let from = 1; from <= count; from += 20_000) {
    const to = Math.min(count, from + 19_999);
    await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-l-' || lpad(i::text, 7, '0'), 'リスナー' || i, 'bench-l-' || i || '@example.com', true, now(), now()
      from generate_series(${from}::int, ${to}::int) as i`);
    await db.execute(sql`insert into listeners (uid, email, nickname)
      select 'bench-l-' || lpad(i::text, 7, '0'), 'bench-l-' || i || '@example.com', 'リスナー' || i
      from generate_series(${from}::int, ${to}::int) as i`);
    progress(to);
  }
}
