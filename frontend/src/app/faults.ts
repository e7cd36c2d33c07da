// The debug bar's injected faults, in words. Pure.
import type { FaultsSetting } from "../api/types";

/** What a setting does, as the debug bar says it; none: nothing injected. */
export function describeFaults(faults: FaultsSetting | null): string {
  if (!faults) return "Nothing injected.";
  const parts = [
    faults.latency_ms > 0 ? `+${faults.latency_ms} ms` : "",
    faults.error_percent > 0 ? `${faults.error_percent}% errors` : "",
    faults.timeout ? "timeouts" : "",
  ].filter(Boolean);
  return `${faults.backend}: ${parts.join(", ")} on your requests (for an hour).`;
}
