/** A counting semaphore: `run` starts `task` once fewer than `size` tasks are running. */
export function createSlots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
