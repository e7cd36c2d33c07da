// QuickJS has no `URL` nor `URLSearchParams`; react-router builds URLs when its module
// loads and for every link, and the app reads the query through `useSearchParams`. The
// spec's reference implementation (whatwg-url, already in the tree under jsdom) fills
// them in, only where they are missing.
import { URL as WhatwgUrl, URLSearchParams as WhatwgSearchParams } from "whatwg-url";

if (typeof globalThis.URL === "undefined") {
  (globalThis as { URL?: unknown }).URL = WhatwgUrl;
  (globalThis as { URLSearchParams?: unknown }).URLSearchParams = WhatwgSearchParams;
}
