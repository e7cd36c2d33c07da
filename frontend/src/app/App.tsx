import { Suspense, useCallback, useMemo } from "react";
import { Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { NavBar } from "../components/NavBar";
import { DebugBar } from "../components/DebugBar";
import { ScrollToTop } from "../components/ScrollToTop";
import { Home } from "../pages/Home";
import { ResolvedRoute } from "../pages/ResolvedRoute";
import { SearchPage } from "../pages/SearchPage";
import { CartLoading, CartRoute, CheckoutLoading, CheckoutRoute, CompareLoading, CompareRoute, OrderLoading, OrderRoute } from "../pages/lazy";
import { swrConfig, switchingHere, useApplySwitch, useDriver } from "../hooks/data";
import { inlinedSwr } from "../hooks/inlinedSwr";
import type { Inlined } from "../api/inlined";
import { own, search } from "../api/addresses";
import { type DriverFrame, useDriverEvents } from "../hooks/useDriverEvents";

/**
 * Applies a switch made in another tab of this session. A switch event is applied as it
 * comes; a connection's first frame is only the choice when the stream connected, which
 * can predate a switch this tab has just made: it is applied only when its stamp is newer
 * than the choice this tab knows (the edge stamps both, `switched_at_ms`).
 */
function FollowOtherTabs() {
  const { data } = useDriver();
  const applySwitch = useApplySwitch();
  const onSwitch = useCallback(
    (frame: DriverFrame, fromConnect: boolean) => {
      if (fromConnect && frame.switched_at_ms <= (data?.switched_at_ms ?? 0)) return;
      // This tab's own switch: its PUT's answer applies it, with the new cookies.
      if (switchingHere()) return;
      void applySwitch(frame.driver, data && { ...data, driver: frame.driver, switched_at_ms: frame.switched_at_ms });
    },
    [applySwitch, data],
  );
  // A driver answer stamped with a switch is a session's (shared answers carry 0).
  useDriverEvents(data?.driver, (data?.switched_at_ms ?? 0) > 0, onSwitch);
  return null;
}

/** The root shell: navigation bar, routed page area, debug bar. */
export function Shell() {
  return (
    <>
      <NavBar />
      <main className="page">
        {/* The spec's route table, in order: home, search, the cart (its own chunk; the
            edge reserves the address), the backends comparison (likewise), the
            checkout and an order's page (likewise), then the page the lookup names
            (product, category, content) or not found. The search page's and the own
            pages' paths are the address table's, which the edge reads too. */}
        <Routes>
          <Route index element={<Home />} />
          <Route path={search.path} element={<SearchPage />} />
          <Route
            path={own.cart.path}
            element={
              <Suspense fallback={<CartLoading />}>
                <CartRoute />
              </Suspense>
            }
          />
          <Route
            path={own.compare.path}
            element={
              <Suspense fallback={<CompareLoading />}>
                <CompareRoute />
              </Suspense>
            }
          />
          <Route
            path={own.checkout.path}
            element={
              <Suspense fallback={<CheckoutLoading />}>
                <CheckoutRoute />
              </Suspense>
            }
          />
          <Route
            path={own.order.path}
            element={
              <Suspense fallback={<OrderLoading />}>
                <OrderRoute />
              </Suspense>
            }
          />
          <Route path="*" element={<ResolvedRoute />} />
        </Routes>
      </main>
      <DebugBar />
      <FollowOtherTabs />
      <ScrollToTop />
    </>
  );
}

/** The app, starting from the answers the edge inlined into the page (none: it fetches them). */
export function App({ inlined }: { inlined: Inlined }) {
  const config = useMemo(() => ({ ...swrConfig, ...inlinedSwr(inlined) }), [inlined]);
  return (
    <SWRConfig value={config}>
      <Shell />
    </SWRConfig>
  );
}
