/**
 * Helpers of the benches that run the built server as separate processes on one PostgreSQL
 * (live comments, chat): start one, sign in through its login form, percentiles.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { TEST_VAPID } from "../../tests/support/production-env";

/**
 * What a bench server needs to start as production (`NODE_ENV=production`): a secret, the
 * operator's details the law wants shown (特定商取引法; the bench's are obviously fake) and web
 * push keys. Instances that must share sessions pass one `authSecret`.
 */
export function productionBenchEnv(authSecret = randomBytes(32).toString("base64")): Record<string, string> {
  return {
    NODE_ENV: "production",
    AUTH_SECRET: authSecret,
    OPERATOR_NAME: "ベンチマーク運営",
    OPERATOR_REPRESENTATIVE: "ベンチ 太郎",
    OPERATOR_ADDRESS: "東京都千代田区千代田1-1",
    OPERATOR_PHONE: "03-0000-0000",
    OPERATOR_EMAIL: "bench@example.com",
    ...TEST_VAPID,
  };
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile of an ascending list (0 when empty). */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** `server.js` on `port` against `databaseUrl`, once its health check answers. */
export async function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      NODE_ENV: "development",
      DATA_DIR: `/tmp/bench-server-${port}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  child.kill("SIGTERM");
  throw new Error(`server on ${port} did not start`);
}

/**
 * Signs in at `/{role}/login` with the form's fields; the session cookie. `clientAddress` is sent
 * as X-Forwarded-For (a server started with TRUST_PROXY=loopback counts it), so hundreds of
 * sign-ins are not one address's abuse.
 */
export async function login(
  base: string,
  body: Record<string, string>,
  role: string,
  clientAddress?: string,
): Promise<string> {
  const response = await fetch(`${base}/${role}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      ...(clientAddress ? { "x-forwarded-for": clientAddress } : {}),
    },
    body: new URLSearchParams(body),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`login as ${role} failed: ${response.status}`);
  return cookie;
}
