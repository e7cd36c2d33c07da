// The SWR hooks every view reads through. Keys are the edge's URLs; a driver switch
// revalidates all of them but the driver's own (see useApplySwitch), so products,
// navigation and route resolution reload together.

import useSWR, { type SWRConfiguration, useSWRConfig } from "swr";
import { useCallback, useState } from "react";
import { api, getJson } from "../api/client";
import type { CategoryLink, DriverInfo, HeadAnswer, NavigationNode, PageData, Product, ProductPage, Sort } from "../api/types";

export const swrConfig: SWRConfiguration = {
  fetcher: (key: string) => getJson(key),
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

// Errors are ApiError for the edge's answers, plain Error when fetch itself failed.
export const useDriver = () => useSWR<DriverInfo, Error>(api.driver);
export const useNavigation = () => useSWR<NavigationNode, Error>(api.navigation);
export const useBestSellers = () => useSWR<Product[], Error>(api.bestSellers);
/** The page at a storefront path: its resolution and the product, category or content it names. */
export const usePage = (path: string, page: number, sort: Sort) => useSWR<PageData, Error>(api.page(path, page, sort));
export const useCategories = () => useSWR<CategoryLink[], Error>(api.categories);
export const useSearch = (q: string, page: number, sort: Sort) =>
  useSWR<ProductPage, Error>(q ? api.search(q, page, sort) : null);
/** The head of a page the SPA shows without `/api/page`: the home page, the search page, the cart. */
export const useHomeHead = () => useSWR<HeadAnswer, Error>(api.homeHead);
export const useSearchHead = (q: string, page: number) => useSWR<HeadAnswer, Error>(api.searchHead(q, page));
/** The cart page's head (its title, and not to be indexed). */
export const useCartHead = () => useSWR<HeadAnswer, Error>(api.cartHead);
/** The backends comparison's head (its title, and not to be indexed). */
export const useCompareHead = () => useSWR<HeadAnswer, Error>(api.compareHead);

/**
 * `value`, or while it is undefined (the next answer loading) the last value seen in the
 * same `scope`. A listing passes its path or query as the scope: paging and sorting keep
 * the grid on screen and replace it in place, while another category or search starts
 * from its skeleton instead of showing the previous one's products.
 */
export function useKept<T>(value: T | undefined, scope: string): T | undefined {
  const [kept, setKept] = useState<{ scope: string; value: T } | null>(null);
  if (value !== undefined && (kept?.value !== value || kept.scope !== scope)) setKept({ scope, value });
  return value ?? (kept?.scope === scope ? kept.value : undefined);
}

/**
 * Switches this tab has asked for and not yet been answered. The session's event about
 * one can arrive first (the stream is another connection): applied then, it would reload
 * every view with the cookies of before the switch, and the PUT's answer, finding the
 * switch already known, would not reload them again. Such an event is left to the answer.
 */
let ownSwitches = 0;

/** Runs `put`, this tab's own switch, marked as such until it is answered. */
export async function ownSwitch<T>(put: () => Promise<T>): Promise<T> {
  ownSwitches += 1;
  try {
    return await put();
  } finally {
    ownSwitches -= 1;
  }
}

/** Whether this tab is waiting for the answer to a switch of its own. */
export const switchingHere = (): boolean => ownSwitches > 0;

/**
 * What a driver switch means to the views: the driver's own answer is already
 * known (the PUT's answer, or another tab's event naming the driver), so it is set, not
 * fetched again; every other view drops its answer and fetches again. Applying the same
 * switch twice (the PUT's answer and this tab's own event, in either order) reloads once.
 */
export function useApplySwitch(): (driver: string, answer?: DriverInfo) => Promise<unknown> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (driver: string, answer?: DriverInfo) => {
      const known = cache.get(api.driver)?.data as DriverInfo | undefined;
      const next = answer ?? (known && { ...known, driver });
      if (next) await mutate(api.driver, next, { revalidate: false });
      if (known?.driver === driver) return;
      // Without a known answer (the first GET failed), the driver is fetched with the rest.
      return mutate((key) => !next || key !== api.driver, undefined, { revalidate: true });
    },
    [cache, mutate],
  );
}
