import { spawn } from "node:child_process";

/**
 * Runs a command; with a label its output lines are printed with that label in front (so several
 * at once stay readable), without one it inherits the terminal. Resolves with the exit code.
 */
export function runPrefixed(command, args, { env = {}, label = null } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) process.stdout.write(`${label} ${line}\n`);
        });
        stream.on("end", () => rest && process.stdout.write(`${label} ${rest}\n`));
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
