/** The progress bar of the long-running commands (seed, bench), on stderr. */

export interface Progress {
  phase: string;
  done: number;
  total: number;
}

/** `[████████░░░░] 62% staff 24,800/40,000` on stderr: redrawn in place on a TTY, one line per 10% otherwise. */
export function createProgressBar(stream: NodeJS.WriteStream) {
  const width = 24;
  const tty = Boolean(stream.isTTY);
  let phase = "";
  let lastDecile = -1;
  let lastDraw = 0;
  let open = false;
  const line = (p: Progress) => {
    const ratio = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
    const filled = Math.round(ratio * width);
    const percent = String(Math.floor(ratio * 100)).padStart(3);
    return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${percent}% ${p.phase} ${p.done.toLocaleString("en-US")}/${p.total.toLocaleString("en-US")}`;
  };
  return {
    update(p: Progress) {
      if (p.phase !== phase) {
        if (open && tty) stream.write("\n");
        phase = p.phase;
        lastDecile = -1;
        lastDraw = 0;
      }
      const ratio = p.total > 0 ? p.done / p.total : 1;
      if (tty) {
        const now = Date.now();
        // Redraw at most ~20 times a second, and always at the end of a phase.
        if (ratio < 1 && now - lastDraw < 50) return;
        lastDraw = now;
        stream.write(`\r${line(p)}\u001b[K`);
        open = true;
      } else {
        const decile = Math.floor(ratio * 10);
        if (decile === lastDecile) return;
        lastDecile = decile;
        stream.write(`${line(p)}\n`);
      }
    },
    end() {
      if (open && tty) stream.write("\n");
      open = false;
    },
  };
}
