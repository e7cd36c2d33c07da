import { useEffect } from "react";

/**
 * Follows driver switches made in this session's other tabs (server-sent events).
 * Opened after the page has loaded so the long-lived stream never delays first paint.
 */
export function useDriverEvents(current: string | undefined, onSwitch: (driver: string) => void): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    const open = () => {
      source = new EventSource("/api/driver/events");
      source.addEventListener("driver", (event) => {
        try {
          const { driver } = JSON.parse((event as MessageEvent).data) as { driver: string };
          if (current !== undefined && driver !== current) onSwitch(driver);
        } catch {
          // A malformed event is ignored; the next one carries the full state again.
        }
      });
    };
    const timer = window.setTimeout(open, 1500);
    return () => {
      window.clearTimeout(timer);
      source?.close();
    };
  }, [current, onSwitch]);
}
