import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { own } from "../api/addresses";
import { api, deleteJson, getJson, putJson } from "../api/client";
import type { FaultsSetting, FaultsState } from "../api/types";
import { MAX_LATENCY_MS } from "../api/bounds.gen";
import { describeFaults } from "../app/faults";

const NONE: FaultsSetting = { backend: "in-memory", latency_ms: 0, error_percent: 0, timeout: false };

/**
 * The debug bar's fault injection: latency, an error rate or timeouts added to one
 * backend's upstream calls, for this visitor's requests only (the edge keeps the setting
 * in a cookie for an hour). The backends it can name come from the edge with the state,
 * so a new backend is offered here without a line of its own. Loaded apart from the first
 * paint, on first open.
 */
export function FaultsPanel() {
  const [state, setState] = useState<FaultsState | null>(null);
  const [form, setForm] = useState<FaultsSetting>(NONE);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getJson<FaultsState>(api.faults).then(
      (s) => {
        setState(s);
        if (s.faults) setForm(s.faults);
      },
      (e: unknown) => setSaid(e instanceof Error ? e.message : "The setting could not be read."),
    );
  }, []);

  const send = async (change: () => Promise<FaultsState>) => {
    setBusy(true);
    try {
      const next = await change();
      setState(next);
      setSaid(describeFaults(next.faults ?? null));
    } catch (e) {
      setSaid(e instanceof Error ? e.message : "The setting could not be changed.");
    } finally {
      setBusy(false);
    }
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    void send(() => putJson<FaultsState>(api.faults, form));
  };
  const clear = () => {
    setForm(NONE);
    void send(() => deleteJson<FaultsState>(api.faults));
  };

  if (state && !state.enabled) {
    return <p className="debug-note">Fault injection is off on this site.</p>;
  }
  return (
    <form className="faults-form" onSubmit={apply} aria-label="Inject faults">
      <label>
        Backend
        <select value={form.backend} onChange={(e) => setForm({ ...form, backend: e.target.value })}>
          {(state?.backends ?? []).map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Latency (ms)
        <input
          type="number"
          min={0}
          max={MAX_LATENCY_MS}
          step={50}
          value={form.latency_ms}
          onChange={(e) => setForm({ ...form, latency_ms: Math.max(0, Math.min(MAX_LATENCY_MS, Number(e.target.value) || 0)) })}
        />
      </label>
      <label>
        Errors (%)
        <input
          type="number"
          min={0}
          max={100}
          value={form.error_percent}
          onChange={(e) => setForm({ ...form, error_percent: Math.max(0, Math.min(100, Number(e.target.value) || 0)) })}
        />
      </label>
      <label className="faults-check">
        <input type="checkbox" checked={form.timeout} onChange={(e) => setForm({ ...form, timeout: e.target.checked })} />
        Time out
      </label>
      <button type="submit" disabled={!state || busy}>
        Apply
      </button>
      <button type="button" disabled={!state || busy} onClick={clear}>
        Clear
      </button>
      <Link to={own.compare.path}>Compare backends</Link>
      <p className="debug-note" role="status">
        {said || (state ? describeFaults(state.faults ?? null) : "")}
      </p>
    </form>
  );
}
