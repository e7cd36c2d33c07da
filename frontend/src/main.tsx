import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { readInlined } from "./api/inlined";
import { preloadFor } from "./pages/lazy";

// Started by boot.ts once the page the edge wrote has been painted.

declare global {
  interface Window {
    /** Development builds: what hydration could not reuse (e2e/hydration.test.mjs reads it). */
    __vitrineHydrationErrors?: string[];
  }
}

/**
 * A mismatch between the server's markup and the browser's first render: React throws the
 * server's subtree away and renders it again (the page still works, but moves). Logged as
 * React does by default; development builds also keep it where a test can read it.
 */
function onRecoverableError(error: unknown) {
  if (import.meta.env.DEV) (window.__vitrineHydrationErrors ??= []).push(String(error));
  console.error(error);
}

const root = document.getElementById("root");
// A page in its own chunk (the cart) is loaded first, so hydration renders it in one pass.
if (root) void preloadFor(window.location.pathname).then(() => start(root));

function start(root: HTMLElement) {
  // Before the first render, so SWR starts from the edge's answers instead of fetching them.
  const inlined = readInlined(document);
  // The same tree as entry-server.tsx, from the same inlined answers at the same address
  // (the router reads the browser's), so the first render is the server's markup.
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App inlined={inlined} />
      </BrowserRouter>
    </StrictMode>
  );
  // The page is on screen already: the app's first render is a transition, which React
  // splits into short tasks, so taking the page over never blocks input long.
  if (root.firstElementChild) {
    // React's own markup, rendered by the edge (`ssr.rs`): hydrated, not replaced, so the
    // nodes stay (and whatever the visitor typed or focused in them meanwhile).
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError });
    });
  } else {
    // The plain shell (no SSR bundle, or the page's data was late): rendered from scratch.
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  }
}
