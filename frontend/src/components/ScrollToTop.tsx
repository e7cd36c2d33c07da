import { useEffect } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/** Navigation state of a change made within the page (a variant picked): the page stays where it is. */
export const KEEP_SCROLL = { keepScroll: true } as const;

/**
 * A link to another page or listing page starts at the top, as a full page load would;
 * back and forward (POP), and changes within the page ({@link KEEP_SCROLL}), leave the
 * scroll alone.
 */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname, search } = location;
  const state: unknown = location.state;
  const type = useNavigationType();
  const keep = (state as { keepScroll?: boolean } | null)?.keepScroll === true;
  useEffect(() => {
    if (type !== NavigationType.Pop && !keep) window.scrollTo(0, 0);
  }, [pathname, search, type, keep]);
  return null;
}
