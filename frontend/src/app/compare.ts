// The backends comparison's figures as the page shows them. Pure.
import type { BackendTimes } from "../api/types";

/** Milliseconds as the table shows them: whole from 100, one decimal below; "–" for none. */
export function formatMs(ms: number | null | undefined): string {
  if (ms == null || !Number.isFinite(ms)) return "–";
  return ms >= 100 ? Math.round(ms).toString() : ms.toFixed(1);
}

/**
 * Each backend's bar (its median) and mark (its 95th percentile) as percentages of the
 * slowest 95th percentile, so the slowest backend's mark is at the end of its track.
 */
export function barWidths(backends: Pick<BackendTimes, "median_ms" | "p95_ms">[]): { median: number; p95: number }[] {
  const longest = Math.max(0, ...backends.map((b) => b.p95_ms ?? 0));
  const share = (ms: number | null | undefined) => (longest > 0 && ms != null ? Math.min(100, (ms / longest) * 100) : 0);
  return backends.map((b) => ({ median: share(b.median_ms), p95: share(b.p95_ms) }));
}
