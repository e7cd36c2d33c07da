import { useEffect } from "react";

const DEFAULT_DELAY_MS = 1500;

/** The delay before the stream opens: `localStorage["vitrine.sseDelayMs"]` (browser tests set 0), else 1.5 s. */
function streamDelayMs(): number {
  try {
    const value = localStorage.getItem("vitrine.sseDelayMs");
    const ms = value === null ? NaN : Number(value);
    return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DELAY_MS;
  } catch {
    return DEFAULT_DELAY_MS;
  }
}

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
      // Browser tests wait for this instead of sleeping.
      source.addEventListener("open", () => {
        document.documentElement.dataset.driverEvents = "open";
      });
      source.addEventListener("driver", (event) => {
        try {
          const { driver } = JSON.parse((event as MessageEvent).data) as { driver: string };
          if (current !== undefined && driver !== current) onSwitch(driver);
        } catch {
          // A malformed event is ignored; the next one carries the full state again.
        }
      });
    };
    const timer = window.setTimeout(open, streamDelayMs());
    return () => {
      window.clearTimeout(timer);
      source?.close();
    };
  }, [current, onSwitch]);
}
