import { useState } from "react";
import { api, postJson } from "../api/client";
import type { BackendTimes, Comparison } from "../api/types";
import { barWidths, formatMs } from "../app/compare";
import { useCompareHead } from "../hooks/data";
import { useHydrated } from "../hooks/useHydrated";
import { useHead } from "../seo/head";

/** The page kinds compared, in the edge's order: the table's columns. */
const KINDS = ["home", "category", "product", "search"] as const;

/**
 * `/debug/compare`: what each enabled backend costs through the framework. On
 * request the edge reads each backend's home, first category, first product and a
 * search, once past every cache (cold) and a few times warm, and answers each one's
 * median and 95th percentile; shown as a table and as bars. A developer's page: not
 * indexed, its own chunk, and there only where the debug tools are on.
 */
export function ComparePage() {
  const hydrated = useHydrated();
  const head = useCompareHead();
  useHead(head.error ? null : head.data?.head_html);
  const [state, setState] = useState<{ running: boolean; result?: Comparison; error?: string }>({ running: false });

  const run = async () => {
    setState({ running: true });
    try {
      setState({ running: false, result: await postJson<Comparison>(api.compare) });
    } catch (e) {
      setState({ running: false, error: e instanceof Error ? e.message : "The comparison failed." });
    }
  };

  return (
    <section className="compare-page" aria-labelledby="compare-heading">
      <h1 id="compare-heading">Compare backends</h1>
      <p>
        Each enabled backend&apos;s home, first category, first product and a search, read once past every cache (cold)
        and {state.result?.runs ?? "a few"} times through its caches (warm), as the edge reads them for a page.
      </p>
      <button type="button" className="button-link" disabled={!hydrated || state.running} onClick={() => void run()}>
        {state.running ? "Comparing..." : state.result ? "Compare again" : "Compare backends"}
      </button>
      <p className="compare-status" role="status">
        {state.running ? "Reading every backend's pages..." : (state.error ?? "")}
      </p>
      {state.result && <Result comparison={state.result} />}
    </section>
  );
}

function Result({ comparison }: { comparison: Comparison }) {
  const widths = barWidths(comparison.backends);
  return (
    <>
      {/* Wider than a phone: it scrolls, and a keyboard can scroll it (focusable). */}
      <div className="compare-scroll" role="region" aria-label="Backend times" tabIndex={0}>
      <table className="compare-table">
        <caption>Warm reads, in milliseconds (cold: the one read past every cache)</caption>
        <thead>
          <tr>
            <th scope="col">Backend</th>
            <th scope="col">Median</th>
            <th scope="col">p95</th>
            {KINDS.map((kind) => (
              <th scope="col" key={kind}>
                {kind} (cold / median)
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.backends.map((b) => (
            <Row key={b.driver} backend={b} />
          ))}
        </tbody>
      </table>
      </div>
      <figure className="compare-bars">
        <figcaption>Median (bar) and 95th percentile (mark) of the warm reads</figcaption>
        <ul>
          {comparison.backends.map((b, i) => (
            <li key={b.driver} data-driver={b.driver}>
              <span className="compare-bar-label">{b.label}</span>
              <span className="compare-bar-track" aria-hidden="true">
                <span className="compare-bar" style={{ width: `${widths[i].median}%` }} />
                <span className="compare-bar-p95" style={{ left: `${widths[i].p95}%` }} />
              </span>
              <span className="compare-bar-figure">
                {b.median_ms == null ? (b.error ?? "no reads") : `${formatMs(b.median_ms)} / ${formatMs(b.p95_ms)} ms`}
              </span>
            </li>
          ))}
        </ul>
      </figure>
    </>
  );
}

function Row({ backend }: { backend: BackendTimes }) {
  const byKind = new Map(backend.kinds.map((k) => [k.kind, k]));
  return (
    <tr data-driver={backend.driver}>
      <th scope="row">
        {backend.label}
        {backend.error && <span className="compare-error"> ({backend.error})</span>}
      </th>
      <td>{formatMs(backend.median_ms)}</td>
      <td>{formatMs(backend.p95_ms)}</td>
      {KINDS.map((kind) => {
        const k = byKind.get(kind);
        return (
          <td key={kind} title={k?.path}>
            {k ? `${formatMs(k.cold_ms)} / ${formatMs(k.median_ms)}${k.errors ? ` (${k.errors} failed)` : ""}` : "–"}
          </td>
        );
      })}
    </tr>
  );
}
