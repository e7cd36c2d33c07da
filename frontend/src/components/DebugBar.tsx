import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import { api, putJson } from "../api/client";
import type { DriverInfo } from "../api/types";
import { useApplySwitch, useDriver } from "../hooks/data";
import { announceSwitch } from "../hooks/useDriverEvents";
import { useHydrated } from "../hooks/useHydrated";

// The developers' driver switch (spec §1, §4). A switch calls the edge, whose answer is
// the new driver state (no GET after it); then every other view reloads. Other tabs
// follow through server-sent events and this browser's own announcement. The select
// waits for React (`useHydrated`): a choice made on the edge's markup would be lost.
//
// Timings (issue 24): the panel is its own chunk, loaded the first time it is opened, so
// the first paint carries only this toggle. Open, it lies over the page above the bar
// (nothing on the page moves); Escape closes it and gives the focus back to the toggle.

const TimingsPanel = lazy(() =>
  import("./TimingsPanel").catch(() => ({ default: () => <p>The timings panel could not be loaded; reload the page to try again.</p> })),
);

export function DebugBar() {
  const { data } = useDriver();
  const hydrated = useHydrated();
  const applySwitch = useApplySwitch();
  const [notice, setNotice] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const [timings, setTimings] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  const change = async (value: string) => {
    setBusy(true);
    try {
      const next = await putJson<DriverInfo>(api.driver, { driver: value });
      setNotice(next.notice ?? "");
      await applySwitch(next.driver, next);
      if (!next.notice) announceSwitch(next);
    } catch (e) {
      setNotice(e instanceof Error ? e.message : "The driver could not be switched.");
    } finally {
      setBusy(false);
    }
  };

  // From the toggle or anywhere in the panel.
  const closeOnEscape = (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !timings) return;
    setTimings(false);
    toggle.current?.focus();
  };

  return (
    <aside className="debugbar" aria-label="Debug bar" onKeyDown={closeOnEscape}>
      <label htmlFor="driver-select">Driver</label>
      <select
        id="driver-select"
        value={data?.driver ?? "in-memory"}
        disabled={!hydrated || !data || busy}
        onChange={(e) => void change(e.target.value)}
      >
        {(data?.options ?? [{ value: "in-memory", label: "In-memory (sample data)", enabled: true }]).map((o) => (
          <option key={o.value} value={o.value} disabled={!o.enabled}>
            {o.label}
          </option>
        ))}
      </select>
      <button
        ref={toggle}
        type="button"
        className="debug-toggle"
        aria-expanded={timings}
        aria-controls="timings-panel"
        disabled={!hydrated}
        onClick={() => setTimings((open) => !open)}
      >
        Timings
      </button>
      <span className="debug-notice" role="status">
        {notice}
      </span>
      {timings && (
        <div id="timings-panel" className="timings" role="region" aria-label="Timings">
          <Suspense fallback={<p role="status">Loading timings...</p>}>
            <TimingsPanel />
          </Suspense>
        </div>
      )}
    </aside>
  );
}
