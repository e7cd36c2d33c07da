// The page's entry. The edge writes each page's markup into the HTML (React's own,
// rendered on the server), so the browser paints it before any script
// runs. The app (React and the app: the bulk of the JS) hydrates the page once it has
// loaded and been painted, so its script never stands between the visitor and the
// content; the styles load with the HTML, as that paint needs them.
import "./styles.css";

/** The longest the app waits for the written page's images before it takes over. */
const MAX_WAIT_MS = 1000;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./main");
};
// Two frames: the second's callback runs once the first has been presented.
const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));

if (document.visibilityState === "hidden") {
  // A tab opened in the background paints no frame until it is shown.
  start();
} else {
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
  window.setTimeout(start, MAX_WAIT_MS);
}
