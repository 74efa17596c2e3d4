/**
 * The budget of one exchange with a server on loopback (a test SMTP sink, a fake vendor) in tests
 * that are not about timeouts. A tight budget turns a slow answer on a loaded machine into a
 * timeout, and a timeout into a retry and a duplicate (docs/testing.md): this one is far above
 * anything a busy 2-core machine takes. Tests of timeouts set their own, small, budgets.
 */
export const LOOPBACK_BUDGET_MS = 30_000;
