// The first paint shows the answers the edge inlined, with no round trip.
// SWR 2 revalidates a cached key when a hook for it mounts; an inlined answer was made
// for this very request, so fetching it again would only double the work. Every other
// key, and an inlined key after its first mount, behaves as without inlined data.

import { useEffect } from "react";
import { type Middleware, type SWRConfiguration, type State, useSWRConfig } from "swr";
import type { Inlined } from "../api/inlined";

/**
 * SWR options that start from `inlined`: a cache provider holding its answers, and a
 * middleware that mounts a hook on an inlined answer without fetching it again. The
 * answer is spent by that first mount: a later visit to the same page (a new mount)
 * revalidates as any cached key does. An answer already replaced in the cache (a driver
 * switch drops every answer but the driver's) is no longer the edge's, so it is fetched.
 */
export function inlinedSwr(inlined: Inlined): Pick<SWRConfiguration, "provider" | "use"> {
  const unspent = new Map(inlined);
  const skipMountFetch: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const { cache } = useSWRConfig();
    const answer = typeof key === "string" ? unspent.get(key) : undefined;
    const edges = answer !== undefined && cache.get(key as string)?.data === answer;
    useEffect(() => {
      // Every hook of the first render has read `unspent` before any effect runs.
      if (edges) unspent.delete(key as string);
    }, [edges, key]);
    return useSWRNext(key, fetcher, edges ? { ...config, revalidateOnMount: false } : config);
  };
  return {
    // `_k` is the key as a hook passes it, which SWR's filter form of `mutate` (a driver
    // switch's reload) matches on: without it, an entry no hook has mounted yet would
    // look like any key, the driver's own included.
    provider: () => new Map<string, State>(Array.from(inlined, ([key, data]) => [key, { data, _k: key }])),
    use: [skipMountFetch],
  };
}
