import PgBoss from "pg-boss";
import type { Database } from "../client";
import { JOB_QUEUES, JOB_SCHEMA } from "./queues";

/**
 * Creates (or upgrades) pg-boss's tables and every queue of `JOB_QUEUES`. Part of migrating the
 * database, so anything that can write a business row can also queue its job. pg-boss takes an
 * advisory lock while it migrates, so concurrent starts are safe.
 */
export async function installJobQueues(database: Database): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: database.sql as PgBoss.Db,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const [name, policy] of Object.entries(JOB_QUEUES)) {
      const options = { name, ...policy };
      if (existing.has(name)) await boss.updateQueue(name, options);
      else await boss.createQueue(name, options);
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}
