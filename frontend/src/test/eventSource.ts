import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * Stands in for the browser's EventSource (jsdom has none): records every stream the
 * page opens and lets a test deliver what the edge would send.
 */
export class TestEventSource extends EventTarget {
  static opened: TestEventSource[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }

  close(): void {
    this.closed = true;
  }

  /** The connection is up (the `open` event). */
  connect(): void {
    act(() => void this.dispatchEvent(new Event("open")));
  }

  /** A `driver` event as the edge frames it: `{"driver": …, "switched_at_ms": …}`. */
  driver(driver: string, switchedAtMs = 0): void {
    const data = JSON.stringify({ driver, switched_at_ms: switchedAtMs });
    act(() => void this.dispatchEvent(new MessageEvent("driver", { data })));
  }
}

/** Installs TestEventSource as the page's EventSource, with no stream opened yet. */
export function stubEventSource(): typeof TestEventSource.opened {
  TestEventSource.opened = [];
  vi.stubGlobal("EventSource", TestEventSource);
  return TestEventSource.opened;
}
