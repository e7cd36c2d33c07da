import { useCallback, useMemo } from "react";
import { Route, Routes } from "react-router";
import { SWRConfig } from "swr";
import { NavBar } from "../components/NavBar";
import { DebugBar } from "../components/DebugBar";
import { ScrollToTop } from "../components/ScrollToTop";
import { Home } from "../pages/Home";
import { ResolvedRoute } from "../pages/ResolvedRoute";
import { SearchPage } from "../pages/SearchPage";
import { swrConfig, useApplySwitch, useDriver } from "../hooks/data";
import { api, getJson } from "../api/client";
import type { DriverInfo } from "../api/types";
import { inlinedSwr } from "../hooks/inlinedSwr";
import type { Inlined } from "../api/inlined";
import { useDriverEvents } from "../hooks/useDriverEvents";

/**
 * Applies a switch made in another tab of this session. A switch event is applied as it
 * comes; a connection's first frame is only the driver when the stream connected, which
 * can predate a switch this tab has just made, so it is checked with the edge first and
 * only a real change reloads the views.
 */
function FollowOtherTabs() {
  const { data } = useDriver();
  const applySwitch = useApplySwitch();
  const onSwitch = useCallback(
    (driver: string, fromConnect: boolean) => {
      if (!fromConnect) return void applySwitch(driver);
      void getJson<DriverInfo>(api.driver)
        .then((info) => applySwitch(info.driver, info))
        // Unreachable edge: the next event or the next page load tries again.
        .catch(() => undefined);
    },
    [applySwitch],
  );
  useDriverEvents(data?.driver, onSwitch);
  return null;
}

/** The root shell (spec §2): navigation bar, routed page area, debug bar. */
export function Shell() {
  return (
    <>
      <NavBar />
      <main className="page">
        {/* spec §2 route table, in order: home, search (issue 10), then the page the
            lookup names (product, category, content) or not found. */}
        <Routes>
          <Route index element={<Home />} />
          <Route path="search" element={<SearchPage />} />
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
