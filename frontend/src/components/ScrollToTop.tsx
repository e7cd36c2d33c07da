import { useEffect } from "react";
import { NavigationType, useLocation, useNavigationType } from "react-router";

/**
 * A link to another page or listing page starts at the top, as a full page load would;
 * back and forward (POP) leave the browser's own scroll restoration alone.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, search, type]);
  return null;
}
