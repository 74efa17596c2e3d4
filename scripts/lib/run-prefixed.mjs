import { spawn } from "node:child_process";
import { setPriority } from "node:os";

/**
 * Runs a command; with a label its output lines are printed with that label in front (so several
 * at once stay readable), without one it inherits the terminal. `nice` lowers the scheduling
 * priority of the command and everything it starts (Unix niceness, 0–19). Resolves with the exit
 * code. `onLine` (with a label) sees every output line as the command printed it.
 */
export function runPrefixed(command, args, { env = {}, label = null, nice = 0, onLine = () => {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    // Set before the child has had time to start its own children, so they inherit it.
    if (nice > 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not permitted here: run at normal priority
      }
    }
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) {
            process.stdout.write(`${label} ${line}\n`);
            onLine(line);
          }
        });
        stream.on("end", () => {
          if (!rest) return;
          process.stdout.write(`${label} ${rest}\n`);
          onLine(rest);
        });
      }
    }
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
