/**
 * npm run operator -- <command> --email ADDRESS [options]
 *
 * Operator accounts (ADR 0033) exist only through this command: no page registers one.
 */

import { randomInt } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { type Database, openDatabase } from "../app/.server/db/client";
import { DataDirLockedError } from "../app/.server/db/lock";
import { operators, user } from "../app/.server/db/schema";
import { createOperator } from "../app/.server/services/operators/create-operator";
import {
  resetOperatorPassword,
  resetOperatorTotp,
} from "../app/.server/services/operators/reset-operator-credentials";
import { validatePassword } from "../app/domain/validators";
import { readScriptEnv } from "./read-env";

const USAGE = `Usage: npm run operator -- <command> [options]

Commands:
  create --email ADDRESS [--name NAME] [--password-stdin]
                    create an operator account. The password is asked for (Enter alone generates
                    one); without a terminal it is generated, or read from standard input with
                    --password-stdin. A generated password is printed once: keep it safe.
                    The first login at /admin/login sets up the authenticator app (TOTP).
  reset-totp --email ADDRESS
                    forget the operator's authenticator (lost phone): the next login sets up a
                    new one. Ends the operator's sessions.
  reset-password --email ADDRESS [--password-stdin]
                    set a new password (operators have no reset mail). Ends the sessions.
  list              list the operators

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).
With the embedded database the server must NOT be running: stop it first (the database can be
opened by one process at a time), then start it again.`;

class UsageError extends Error {}

const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_.!#%+=";

/** 20 characters from 66 symbols: about 120 bits. */
function generatePassword(): string {
  return Array.from({ length: 20 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** A question whose answer is not echoed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const internal = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    internal._writeToOutput = (s: string) => {
      if (!asked) {
        process.stderr.write(s);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

/** The password of create/reset-password and whether it was generated (then it is printed). */
async function obtainPassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (fromStdin) return { password: await readStdin(), generated: false };
  if (!process.stdin.isTTY) return { password: generatePassword(), generated: true };
  for (;;) {
    const first = await askHidden("Password (8–128 ASCII characters; Enter alone to generate one): ");
    if (first === "") return { password: generatePassword(), generated: true };
    if (validatePassword(first) !== true) {
      console.error("operator: the password must be 8–128 ASCII letters, digits or symbols; try again");
      continue;
    }
    const second = await askHidden("Password again: ");
    if (first === second) return { password: first, generated: false };
    console.error("operator: the two passwords differ; try again");
  }
}

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help")
    return { command: "help" as const };
  if (!["create", "reset-totp", "reset-password", "list"].includes(command))
    throw new UsageError(`unknown command "${command}"`);
  let values: { email?: string; name?: string; "password-stdin"?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        email: { type: "string" },
        name: { type: "string" },
        "password-stdin": { type: "boolean" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (command !== "list" && !values.email) throw new UsageError(`${command} needs --email`);
  return {
    command: command as "create" | "reset-totp" | "reset-password" | "list",
    email: values.email ?? "",
    name: values.name,
    passwordStdin: values["password-stdin"] ?? false,
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`operator: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
  if (args.command === "help") {
    console.log(USAGE);
    return 0;
  }

  const env = readScriptEnv();
  if (!env) return 1;

  // Ask for the password before the database is opened: PGlite is held only as long as needed.
  const password =
    args.command === "create" || args.command === "reset-password"
      ? await obtainPassword(args.passwordStdin)
      : null;

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: path.join(env.dataDir, "db") });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `operator: the embedded database in ${env.dataDir} is in use by another process (pid ${error.pid}), ` +
          "most likely the running server. Stop the server, run this command again, then start the server.",
      );
      return 1;
    }
    console.error(`operator: could not open the database: ${(error as Error).message}`);
    return 1;
  }
  const where = database.driver === "pg" ? "PostgreSQL" : `PGlite in ${path.join(env.dataDir, "db")}`;

  try {
    switch (args.command) {
      case "create": {
        const result = await createOperator({
          db: database.db,
          input: { email: args.email, name: args.name, password: password!.password },
        });
        if (!result.ok) {
          const reason = {
            invalid_email: `"${args.email}" is not an e-mail address`,
            invalid_password: "the password must be 8–128 ASCII letters, digits or symbols",
            email_taken: `an account with ${args.email} exists already (an address belongs to one account)`,
          }[result.error];
          console.error(`operator: not created: ${reason}`);
          return 1;
        }
        console.log(`Operator ${args.email.trim().toLowerCase()} created (${where}).`);
        if (password!.generated) console.log(`Password (shown once, keep it safe): ${password!.password}`);
        console.log("Sign in at /admin/login; the first login sets up the authenticator app (TOTP).");
        return 0;
      }
      case "reset-totp": {
        const result = await resetOperatorTotp({ db: database.db, input: { email: args.email } });
        if (!result.ok) {
          console.error(`operator: no operator with the address ${args.email}`);
          return 1;
        }
        console.log(
          `The authenticator of ${args.email} is reset; the next login at /admin/login sets up a new one.`,
        );
        return 0;
      }
      case "reset-password": {
        const result = await resetOperatorPassword({
          db: database.db,
          input: { email: args.email, password: password!.password },
        });
        if (!result.ok) {
          console.error(
            result.error === "not_found"
              ? `operator: no operator with the address ${args.email}`
              : "operator: the password must be 8–128 ASCII letters, digits or symbols",
          );
          return 1;
        }
        console.log(`The password of ${args.email} is set; its sessions have ended.`);
        if (password!.generated) console.log(`Password (shown once, keep it safe): ${password!.password}`);
        return 0;
      }
      case "list": {
        const rows = await database.db
          .select({
            email: user.email,
            name: user.name,
            enrolled: operators.totp_enrolled_at,
            created: operators.created_at,
          })
          .from(operators)
          .innerJoin(user, eq(user.id, operators.uid))
          .orderBy(operators.created_at);
        if (rows.length === 0)
          console.log(`No operators yet (${where}). Create one with: npm run operator -- create --email …`);
        for (const row of rows)
          console.log(
            `${row.email}\t${row.name}\t${row.enrolled ? "TOTP set up" : "TOTP not set up yet"}\tcreated ${row.created.toISOString()}`,
          );
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
