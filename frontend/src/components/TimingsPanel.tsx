// The debug bar's Timings panel, a chunk of its own: loaded the first time the
// panel opens. It reads, when it opens and on Refresh, the `Server-Timing` of the page
// the edge sent (the browser's navigation entry, where the browser exposes it) and of
// the last API calls the fetcher kept (`timedCalls`, newest first), and draws each as a
// waterfall against the edge's own time (`app/serverTiming.ts`).
import { Fragment, useState } from "react";
import useSWR from "swr";
import { api, timedCalls, type TimedCall } from "../api/client";
import type { DebugInfo } from "../api/types";
import { fromPerformance, parseServerTiming, summarise, type TimingEntry, waterfall, wordRoles } from "../app/serverTiming";

/** The page's own answer: where it was loaded from, and its entries unless the browser hides them. */
interface DocumentTimings {
  path: string;
  entries: TimingEntry[] | null;
}

function documentTimings(): DocumentTimings {
  const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  const url = new URL(entry?.name || window.location.href);
  // Some browsers leave `serverTiming` out outside a secure context (HTTPS, localhost).
  const list: unknown = entry?.serverTiming;
  return { path: url.pathname + url.search, entries: Array.isArray(list) ? fromPerformance(list as PerformanceServerTiming[]) : null };
}

const read = () => ({ at: Date.now(), page: documentTimings(), calls: timedCalls.slice() });

const ms = (value: number | null) => (value === null ? "" : `${+value.toFixed(2)} ms`);
const clock = (at: number) => new Date(at).toLocaleTimeString();

export default function TimingsPanel() {
  const [seen, setSeen] = useState(read);
  const { data } = useSWR<DebugInfo, Error>(api.debug);
  // Only an http(s) address becomes a link (the edge checks it too).
  const jaeger = data?.jaegerUrl && /^https?:\/\//.test(data.jaegerUrl) ? data.jaegerUrl : null;
  return (
    <>
      <div className="timings-head">
        <h2>Timings</h2>
        <button type="button" onClick={() => setSeen(read())}>
          Refresh
        </button>
        <span>as of {clock(seen.at)}</span>
      </div>
      <section aria-labelledby="timings-page">
        <h3 id="timings-page">
          Page: <code>{seen.page.path}</code>
        </h3>
        {seen.page.entries ? (
          <Answer entries={seen.page.entries} jaeger={jaeger} />
        ) : (
          <p className="timings-none">Not exposed in this context (needs HTTPS or localhost).</p>
        )}
      </section>
      <section aria-labelledby="timings-calls">
        <h3 id="timings-calls">API calls, newest first</h3>
        {seen.calls.length ? (
          <ol className="timings-calls">
            {seen.calls.map((call, i) => (
              <li key={`${call.at}-${i}`}>
                <Call call={call} open={i === 0} jaeger={jaeger} />
              </li>
            ))}
          </ol>
        ) : (
          <p className="timings-none">None yet.</p>
        )}
      </section>
    </>
  );
}

function Call({ call, open, jaeger }: { call: TimedCall; open: boolean; jaeger: string | null }) {
  const entries = parseServerTiming(call.header);
  const total = summarise(entries).total;
  return (
    <details open={open}>
      <summary>
        <code>
          {call.method} {call.path}
        </code>{" "}
        {total !== null && <strong>{ms(total)}</strong>} <span className="timing-at">{clock(call.at)}</span>
      </summary>
      <Answer entries={entries} jaeger={jaeger} />
    </details>
  );
}

/** One answer: what it says as a whole, then one row per timed entry. */
function Answer({ entries, jaeger }: { entries: TimingEntry[]; jaeger: string | null }) {
  if (!entries.length) return <p className="timings-none">No Server-Timing entries.</p>;
  const { traceId, drivers, dropped } = summarise(entries);
  return (
    <>
      <p className="timings-meta">
        <span>Drivers: {drivers.join(", ") || "none"}</span>
        <span>Trace: {traceId ? <code>{traceId}</code> : "none"}</span>
        {jaeger && traceId && (
          <a href={`${jaeger}/trace/${traceId}`} target="_blank" rel="noopener">
            Open in Jaeger<span className="visually-hidden"> (new tab)</span>
          </a>
        )}
        {dropped > 0 && <span>{dropped} more entries left out by the edge</span>}
      </p>
      <ol className="timing-rows">
        {waterfall(entries).rows.map(({ entry, bar }, i) => (
          <li key={i} className="timing-row" data-name={entry.name}>
            <span className="timing-name">{entry.name}</span>
            <span className="timing-desc">
              {wordRoles(entry).map(({ word, role }, j) => (
                <Fragment key={j}>
                  {j > 0 && " "}
                  <span className={`tw-${role}${role === "outcome" ? ` outcome-${word}` : ""}`}>{word}</span>
                </Fragment>
              ))}
            </span>
            <span className="timing-dur">
              {ms(entry.dur)}
              {entry.start !== null && <span className="timing-at"> @{entry.start}</span>}
            </span>
            <span className="timing-track" aria-hidden="true">
              {bar && <span className={`timing-bar bar-${entry.name}`} style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
