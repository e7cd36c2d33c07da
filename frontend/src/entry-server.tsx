// The app rendered to a string by the edge, which has the page's data in hand
// (docs/decisions/one-markup.md). The same tree as main.tsx, from the same inlined
// answers, at the address the browser has: what `hydrateRoot` takes over. Built by
// vite.ssr.config.ts (part of `npm run build`) into one file with React inside, for the
// edge's embedded JavaScript engine (QuickJS, `services/edge/src/ssr.rs`) that has no
// modules, no Node and no DOM.
import "./ssr/textEncoder";
import "./ssr/intl";
import "./ssr/url";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./app/App";
import * as cartPage from "./pages/CartPage";
import * as comparePage from "./pages/ComparePage";
import * as checkoutPages from "./pages/checkoutPages";
import { provide } from "./pages/lazy";

// The pages the browser loads apart (`pages/lazy.tsx`) are in this one bundle: rendered at once.
provide({ cart: cartPage, compare: comparePage, checkout: checkoutPages });

/**
 * The app's markup at `url` (path and query), from `inlinedJson`: the object the edge
 * writes into `<script id="vitrine-data">`, keyed by SWR key. Null answers are dropped as
 * `readInlined` drops them.
 */
export function render(url: string, inlinedJson: string): string {
  const data = JSON.parse(inlinedJson) as Record<string, unknown>;
  const inlined = new Map(Object.entries(data).filter(([, answer]) => answer != null));
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App inlined={inlined} />
      </StaticRouter>
    </StrictMode>,
  );
}
