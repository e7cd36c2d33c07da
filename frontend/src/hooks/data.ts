// The SWR hooks every view reads through. Keys are the edge's URLs; a driver switch
// revalidates all of them (see reloadAll), so products, navigation and route
// resolution reload together (spec §4).

import useSWR, { type SWRConfiguration, useSWRConfig } from "swr";
import { useCallback } from "react";
import { api, getJson } from "../api/client";
import type { DriverInfo, NavigationNode, Product, ProductResponse, Resolution } from "../api/types";

export const swrConfig: SWRConfiguration = {
  fetcher: (key: string) => getJson(key),
  revalidateOnFocus: false,
  shouldRetryOnError: false,
  dedupingInterval: 2000,
};

export const useDriver = () => useSWR<DriverInfo>(api.driver);
export const useNavigation = () => useSWR<NavigationNode>(api.navigation);
export const useBestSellers = () => useSWR<Product[]>(api.bestSellers);
export const useResolve = (path: string) => useSWR<Resolution>(api.resolve(path));
export const useProductByUrl = (path: string | null) => useSWR<ProductResponse>(path ? api.productByUrl(path) : null);

/** Drops every cached answer and fetches again: what a driver switch means to the views. */
export function useReloadAll(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(() => true, undefined, { revalidate: true }), [mutate]);
}
