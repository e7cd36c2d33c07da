import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's render and while the page the edge wrote is being hydrated, true
 * once React owns it. A control in the edge's markup that is used before then changes
 * the markup with no handler to hear it (the choice, or the click, is lost), so controls
 * that act (the debug bar's select, Add to cart) are disabled until it is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
