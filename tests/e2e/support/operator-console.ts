import { spawnSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { startSmtpServer, type TestSmtpServer } from "../../support/smtp";
import { freshDataDir } from "./data-dirs";
import { type SpawnedServer, spawnServer } from "./spawn-server";

/**
 * What the operator-console specs share: the real `npm run operator` command on a data
 * directory (before the server opens it), the RFC 6238 code of a secret at a time, the first
 * login with its enrolment, the axe check, and a server of a spec's own with its operator.
 */

export function operatorCommand(args: string[], dataDir: string, input?: string) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/operator.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development" },
    input,
    encoding: "utf8",
    timeout: 120_000,
  });
}

export function codeFor(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate({ timestamp: at });
}

/** axe-core: no serious or critical violation (WCAG 2.1 A/AA rules). */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

/**
 * The first login of an operator made by the command: password, then the enrolment page, whose
 * secret the code is computed from. Ends on the dashboard; answers the secret.
 */
export async function enrolAndSignIn(
  page: Page,
  base: string,
  email: string,
  password: string,
): Promise<string> {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  // Password hashing and the proof of work take seconds on a busy 2-core machine.
  await expect(page).toHaveURL(/\/admin\/login\/enroll/, { timeout: 30_000 });
  const secret = ((await page.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
  await page.getByLabel("確認コード（6桁）").fill(codeFor(secret));
  await page.getByRole("button", { name: "設定してログイン" }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/admin$`));
  return secret;
}

/**
 * A server of the spec's own on `port` behind a real SMTP sink, on a data directory of its own
 * (a copy of the run's template) where `npm run operator -- create` has made the operator first
 * (as an operator is made in production).
 * `env` adds to the server's environment (`SEED_DEMO`, `ZENGIN_*`…).
 */
export async function startConsoleServer(options: {
  port: number;
  email: string;
  password: string;
  label: string;
  name?: string;
  env?: Record<string, string>;
}): Promise<{ server: SpawnedServer; smtp: TestSmtpServer; dataDir: string; created: { stdout: string } }> {
  const dataDir = freshDataDir(options.env?.SEED_DEMO === "true" ? "demo" : "empty", `${options.label}-e2e`);
  const name = options.name ? ["--name", options.name] : [];
  const created = operatorCommand(
    ["create", "--email", options.email, ...name, "--password-stdin"],
    dataDir,
    options.password,
  );
  expect(created.status, created.stderr).toBe(0);
  const smtp = await startSmtpServer();
  const server = await spawnServer(options.port, {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    BASE_URL: `http://127.0.0.1:${options.port}`,
    ...options.env,
  });
  return { server, smtp, dataDir, created };
}
