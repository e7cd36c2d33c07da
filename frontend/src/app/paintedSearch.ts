// The first paint's search box (issue 12: the edge writes the navigation bar into the
// HTML, `page/first_paint/navbar.rs`). A visitor can type into it before the app has
// taken the page over; React's first render then replaces it with its own box. This
// carries the words, the caret and the focus across, so nothing typed is lost.

/** The id the edge gives its search box. */
export const PAINTED_ID = "search-box";

interface Painted {
  input: HTMLInputElement;
  focused: boolean;
}

let painted: Painted | null = null;

/** Before the app's first render: remembers the written box and whether it has focus. */
export function watchPaintedSearch(doc: Document = document): void {
  const input = doc.getElementById(PAINTED_ID);
  if (!(input instanceof HTMLInputElement)) return;
  const state: Painted = { input, focused: doc.activeElement === input };
  input.addEventListener("focus", () => (state.focused = true));
  // Taking the page over removes the box, which blurs it (Chrome fires blur while the box
  // is still in the document): that is no choice of the visitor's, so a blur counts only
  // if the box is still there once the current task's DOM work is done.
  input.addEventListener("blur", () =>
    queueMicrotask(() => {
      if (input.isConnected) state.focused = false;
    }),
  );
  painted = state;
}

/** Once, when the app's box is in the page: gives it what the written box held. */
export function carryPaintedSearch(into: HTMLInputElement): void {
  const from = painted;
  painted = null;
  if (!from || from.input === into) return;
  if (from.input.value !== from.input.defaultValue) into.value = from.input.value;
  if (from.focused) {
    into.focus();
    into.setSelectionRange(from.input.selectionStart, from.input.selectionEnd);
  }
}
