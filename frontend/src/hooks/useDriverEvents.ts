import { useCallback, useEffect, useRef } from "react";

/** Where a developer or a browser test sets the delay before the event stream opens. */
export const DELAY_SETTING = "vitrine.sseDelayMs";
/** Long enough after load that the long-lived stream never delays first paint. */
export const DEFAULT_DELAY_MS = 1500;

/** The stream's open delay: `localStorage["vitrine.sseDelayMs"]` in ms, else the default. */
export function openDelayMs(): number {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(DELAY_SETTING);
  } catch {
    // Storage can be denied (privacy settings, sandboxed frames): keep the default.
  }
  const ms = Number(raw);
  return raw !== null && raw.trim() !== "" && Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DELAY_MS;
}

/** A `driver` event: the session's driver and when it was chosen (ms; 0: never switched). */
export interface DriverFrame {
  driver: string;
  switched_at_ms: number;
}

/**
 * The browser's channel between this site's tabs. A visitor's first switch is what issues
 * their session (the edge sets no cookie before there is something to keep), so a tab
 * opened before it has a stream that follows no session; the switching tab announces the
 * switch here too, and every tab of the browser hears it at once. Tabs tell their own
 * announcements apart by an id.
 */
const CHANNEL = "vitrine-driver";
const TAB = Math.random().toString(36).slice(2);

interface Announcement extends DriverFrame {
  tab: string;
}

/** A frame from what a stream or another tab sent: `null` without a driver; a missing stamp is 0. */
function frameOf(data: Partial<DriverFrame> | null | undefined): DriverFrame | null {
  const { driver, switched_at_ms } = data ?? {};
  if (typeof driver !== "string") return null;
  return { driver, switched_at_ms: typeof switched_at_ms === "number" ? switched_at_ms : 0 };
}

/** Tells this browser's other tabs of a switch made here. */
export function announceSwitch(frame: DriverFrame): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ ...frame, tab: TAB } satisfies Announcement);
  channel.close();
}

/**
 * Follows driver switches made in this session's other tabs: this browser's other tabs'
 * announcements ({@link announceSwitch}), and the session's server-sent events.
 * `onSwitch` gets each frame whose driver differs from `current`, and whether it is the
 * first frame of a connection (the choice when the stream connected, which may predate a
 * switch this tab made meanwhile: its stamp tells) rather than a switch as it happened.
 *
 * Announcements are heard as soon as the driver is known. The stream is opened only once
 * the tab knows its visitor has a session (`session`: a driver answer stamped with a
 * switch, its own or another tab's): a visitor without one has nothing to follow, and
 * their streams would all count against their network address's share at the edge (one
 * office behind one address). One stream for the page's life: the current driver and the
 * callback are read through refs, so a switch does not close and reopen it.
 * While it is open the root element carries `data-driver-events="open"`, which browser
 * tests wait for.
 */
export function useDriverEvents(
  current: string | undefined,
  session: boolean,
  onSwitch: (frame: DriverFrame, fromConnect: boolean) => void,
): void {
  const currentRef = useRef(current);
  const onSwitchRef = useRef(onSwitch);
  useEffect(() => {
    currentRef.current = current;
    onSwitchRef.current = onSwitch;
  }, [current, onSwitch]);

  // A frame naming another driver than the one this tab shows is a switch to follow.
  const follow = useCallback((frame: DriverFrame | null, fromConnect: boolean) => {
    const known = currentRef.current;
    if (frame && known !== undefined && frame.driver !== known) onSwitchRef.current(frame, fromConnect);
  }, []);

  const known = current !== undefined;
  useEffect(() => {
    if (!known || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent<Partial<Announcement> | null>) => {
      const frame = frameOf(event.data);
      if (event.data?.tab !== TAB) follow(frame, false);
    };
    return () => channel.close();
  }, [known, follow]);

  const streaming = known && session;
  useEffect(() => {
    if (!streaming || typeof EventSource === "undefined") return;
    const root = document.documentElement.dataset;
    let source: EventSource | null = null;
    // The first frame after each (re)connection is the driver when the stream connected,
    // not a switch: it may predate a switch this tab made meanwhile.
    let snapshot = false;
    const open = () => {
      source = new EventSource("/api/driver/events");
      source.addEventListener("open", () => {
        snapshot = true;
        root.driverEvents = "open";
      });
      // The browser reconnects by itself; until then the stream is not open.
      source.addEventListener("error", () => delete root.driverEvents);
      source.addEventListener("driver", (event: MessageEvent<string>) => {
        const fromConnect = snapshot;
        snapshot = false;
        try {
          follow(frameOf(JSON.parse(event.data) as Partial<DriverFrame>), fromConnect);
        } catch {
          // A malformed event is ignored; the next one carries the full state again.
        }
      });
    };
    const timer = window.setTimeout(open, openDelayMs());
    return () => {
      window.clearTimeout(timer);
      source?.close();
      delete root.driverEvents;
    };
  }, [streaming, follow]);
}
