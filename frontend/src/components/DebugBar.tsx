import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import { api, putJson } from "../api/client";
import type { DriverInfo } from "../api/types";
import { ownSwitch, useApplySwitch, useDriver } from "../hooks/data";
import { announceSwitch } from "../hooks/useDriverEvents";
import { useHydrated } from "../hooks/useHydrated";

// The developers' driver switch. A switch calls the edge, whose answer is
// the new driver state (no GET after it); then every other view reloads. Other tabs
// follow through server-sent events and this browser's own announcement. The select
// waits for React (`useHydrated`): a choice made on the edge's markup would be lost.
//
// Timings and Faults: the panels are one chunk, loaded the first time one is
// opened, so the first paint carries only the toggles. Open, a panel lies over the page
// above the bar (nothing on the page moves); Escape closes it and gives the focus back to
// its toggle.

const failed = (what: string) => () => <p>The {what} panel could not be loaded; reload the page to try again.</p>;
const TimingsPanel = lazy(() =>
  import("./debugPanels").then(
    (m) => ({ default: m.TimingsPanel }),
    () => ({ default: failed("timings") }),
  ),
);
const FaultsPanel = lazy(() =>
  import("./debugPanels").then(
    (m) => ({ default: m.FaultsPanel }),
    () => ({ default: failed("faults") }),
  ),
);

type Panel = "timings" | "faults";
const PANELS: { id: Panel; label: string; loading: string }[] = [
  { id: "timings", label: "Timings", loading: "Loading timings..." },
  { id: "faults", label: "Faults", loading: "Loading faults..." },
];

export function DebugBar() {
  const { data } = useDriver();
  const hydrated = useHydrated();
  const applySwitch = useApplySwitch();
  const [notice, setNotice] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Panel | null>(null);
  const toggles = useRef<Partial<Record<Panel, HTMLButtonElement | null>>>({});

  const change = async (value: string) => {
    setBusy(true);
    try {
      const next = await ownSwitch(() => putJson<DriverInfo>(api.driver, { driver: value }));
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
    if (e.key !== "Escape" || !open) return;
    setOpen(null);
    toggles.current[open]?.focus();
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
      {PANELS.map(({ id, label }) => (
        <button
          key={id}
          ref={(button) => {
            toggles.current[id] = button;
          }}
          type="button"
          className="debug-toggle"
          aria-expanded={open === id}
          aria-controls={`${id}-panel`}
          disabled={!hydrated}
          onClick={() => setOpen((now) => (now === id ? null : id))}
        >
          {label}
        </button>
      ))}
      <span className="debug-notice" role="status">
        {notice}
      </span>
      {PANELS.filter(({ id }) => id === open).map(({ id, label, loading }) => (
        <div key={id} id={`${id}-panel`} className="timings" role="region" aria-label={label}>
          <Suspense fallback={<p role="status">{loading}</p>}>{id === "timings" ? <TimingsPanel /> : <FaultsPanel />}</Suspense>
        </div>
      ))}
    </aside>
  );
}
