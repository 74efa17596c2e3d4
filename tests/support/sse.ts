/**
 * Reads a Server-Sent Events body the way EventSource does (id, event, data, comments), for tests
 * and the benchmark: `await stream.until((f) => f.length >= 5)`.
 */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

export function parseSseBlock(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    else {
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id" || field === "event" || field === "data" || field === "retry") frame[field] = value;
    }
  }
  return frame;
}

export interface SseReader {
  frames: SseFrame[];
  /** Frames that carry an event (not comments or `retry`). */
  events(): { id: number; event: string; data: unknown }[];
  /** Resolves when `test(frames)` holds; rejects after `timeoutMs`. */
  until(test: (frames: SseFrame[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  cancel(): Promise<void>;
}

export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const frames: SseFrame[] = [];
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let text = "";
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      text += decoder.decode(value, { stream: true });
      let at = text.indexOf("\n\n");
      while (at >= 0) {
        frames.push(parseSseBlock(text.slice(0, at)));
        text = text.slice(at + 2);
        at = text.indexOf("\n\n");
      }
      wake();
    }
    wake();
  })();
  return {
    frames,
    events: () =>
      frames
        .filter((f) => f.event !== undefined)
        .map((f) => ({ id: Number(f.id), event: f.event!, data: JSON.parse(f.data ?? "null") })),
    until(test, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        let finished = false;
        const check = () => {
          if (finished || !test(frames)) return;
          finished = true;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          if (finished) return;
          finished = true;
          waiters.delete(check);
          reject(new Error(`timed out waiting on the stream; frames: ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended,
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  };
}
