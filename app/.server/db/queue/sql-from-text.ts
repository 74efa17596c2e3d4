import { type SQL, sql } from "drizzle-orm";

/**
 * Turns a statement with `$1 … $n` placeholders into Drizzle SQL with the same parameters, so a
 * library's own SQL (pg-boss) can run inside a Drizzle transaction on either driver.
 * Placeholders inside quoted literals are not expected (the callers' SQL has none).
 */
export function sqlFromText(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) {
      if (parts[i]) chunks.push(sql.raw(parts[i] as string));
      continue;
    }
    const index = Number(parts[i]) - 1;
    if (index < 0 || index >= values.length) throw new RangeError(`No value for $${parts[i]}`);
    chunks.push(sql`${values[index] ?? null}`);
  }
  return sql.join(chunks);
}
