// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance extends EventEmitter {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }
  interface TrackOptions {
    renderProgressBar?: boolean;
    renderResultsTable?: boolean;
    renderLatencyTable?: boolean;
    progressBarString?: string;
  }
  interface Autocannon {
    (options: Options, callback: (error: Error | null, result: Result) => void): Instance;
    track(instance: Instance, options?: TrackOptions): void;
  }
  const autocannon: Autocannon;
  export default autocannon;
}
