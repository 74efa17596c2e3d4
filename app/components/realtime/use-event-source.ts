import { useEffect, useRef } from "react";

export type EventHandlers = Record<string, (data: unknown) => void>;

/**
 * Subscribes to a Server-Sent Events stream while the component is mounted (ADR 0018). `url`
 * carries `?last_event_id=` of the state the page was rendered with, so nothing between render
 * and connect is missed; after a drop the browser resumes by itself with `Last-Event-ID`. A
 * refusal (401, 404, 429) closes the EventSource for good, as the standard says.
 */
export function useEventSource(url: string | null, handlers: EventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const types = Object.keys(handlers).sort().join(",");
  useEffect(() => {
    if (!url || typeof EventSource === "undefined") return;
    const source = new EventSource(url);
    const listeners = types.split(",").map((type) => {
      const listener = (event: MessageEvent) => {
        let data: unknown = null;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        latest.current[type]?.(data);
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
    };
  }, [url, types]);
}
