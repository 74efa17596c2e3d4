import { type Env, EnvError, parseEnv } from "../app/.server/env";

/**
 * The configuration of a command-line script: parsed as the server parses it; a bad value is
 * reported (naming the variable) and answered with null, so the script exits with its own code.
 */
export function readScriptEnv(): Env | null {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}
