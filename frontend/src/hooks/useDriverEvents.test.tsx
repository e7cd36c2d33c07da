import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import { DEFAULT_DELAY_MS, DELAY_SETTING, announceSwitch, openDelayMs, useDriverEvents } from "./useDriverEvents";
import { stubEventSource } from "../test/eventSource";

function Follower() {
  useDriverEvents("in-memory", true, () => {});
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("the event stream's open delay (localStorage vitrine.sseDelayMs)", () => {
  it.each([
    [null, DEFAULT_DELAY_MS],
    ["0", 0],
    ["250", 250],
    ["", DEFAULT_DELAY_MS],
    ["soon", DEFAULT_DELAY_MS],
    ["-5", DEFAULT_DELAY_MS],
    ["Infinity", DEFAULT_DELAY_MS],
  ])("%j gives %i ms", (stored, expected) => {
    if (stored !== null) window.localStorage.setItem(DELAY_SETTING, stored);
    expect(openDelayMs()).toBe(expected);
  });

  it("keeps the default when storage throws", () => {
    window.localStorage.setItem(DELAY_SETTING, "0");
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(openDelayMs()).toBe(DEFAULT_DELAY_MS);
  });

  it("opens the stream after the set delay, marks the root while open, unmarks on unmount", () => {
    vi.useFakeTimers();
    window.localStorage.setItem(DELAY_SETTING, "250");
    const streams = stubEventSource();
    const { unmount } = render(<Follower />);
    vi.advanceTimersByTime(249);
    expect(streams.length).toBe(0);
    vi.advanceTimersByTime(1);
    expect(streams.length).toBe(1);
    expect(document.documentElement.dataset.driverEvents).toBeUndefined();
    streams[0].connect();
    expect(document.documentElement.dataset.driverEvents).toBe("open");
    unmount();
    expect(streams[0].closed).toBe(true);
    expect(document.documentElement.dataset.driverEvents).toBeUndefined();
  });

  it("waits for the driver and a session before opening, then keeps one stream", () => {
    vi.useFakeTimers();
    window.localStorage.setItem(DELAY_SETTING, "0");
    const streams = stubEventSource();
    function Late({ driver, session = false }: { driver?: string; session?: boolean }) {
      useDriverEvents(driver, session, () => {});
      return null;
    }
    const { rerender } = render(<Late />);
    vi.advanceTimersByTime(1000);
    expect(streams.length).toBe(0);
    rerender(<Late driver="in-memory" />);
    vi.advanceTimersByTime(1000);
    expect(streams.length).toBe(0); // no session: nothing to follow
    rerender(<Late driver="magento" session />);
    vi.advanceTimersByTime(0);
    expect(streams.length).toBe(1);
    rerender(<Late driver="fake" session />);
    vi.advanceTimersByTime(1000);
    expect(streams.length).toBe(1);
  });
});

describe("this browser's other tabs (BroadcastChannel)", () => {
  it("follows another tab's announced switch, and not its own", async () => {
    window.localStorage.setItem(DELAY_SETTING, "0");
    const streams = stubEventSource();
    const heard: string[] = [];
    function Tab() {
      // No session yet: announcements are heard all the same.
      useDriverEvents("in-memory", false, (frame, fromConnect) =>
        heard.push(`${frame.driver}@${frame.switched_at_ms}/${fromConnect}`),
      );
      return null;
    }
    const { unmount } = render(<Tab />);
    announceSwitch({ driver: "fake", switched_at_ms: 5 });
    const otherTab = new BroadcastChannel("vitrine-driver");
    otherTab.postMessage({ driver: "in-memory", switched_at_ms: 6, tab: "another" });
    otherTab.postMessage({ nonsense: true });
    otherTab.postMessage({ driver: "magento", switched_at_ms: 7, tab: "another" });
    await vi.waitFor(() => expect(heard).toEqual(["magento@7/false"]));
    expect(streams.length).toBe(0);
    otherTab.close();
    unmount();
  });
});
