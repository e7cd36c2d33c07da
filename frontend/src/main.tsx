import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { readInlined } from "./api/inlined";
import { watchPaintedSearch } from "./app/paintedSearch";

// Started by boot.ts once the page the edge wrote has been painted.

const root = document.getElementById("root");
if (root) {
  // Before the first render, so SWR starts from the edge's answers instead of fetching them.
  const inlined = readInlined(document);
  // Words typed into the written page's search box meanwhile go into the app's.
  watchPaintedSearch(document);
  const app = createRoot(root);
  // The page the edge wrote is on screen already: the app's first render is a transition,
  // which React splits into short tasks, so taking the page over never blocks input long.
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <App inlined={inlined} />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
