// For a page request the edge inlines the answers the page needs, after
// <div id="root">, as
//   <script type="application/json" id="vitrine-data">{"<SWR key>": answer, ...}</script>
// keyed by the exact URLs `api.*` builds. Data, not code: the CSP stays `script-src 'self'`.

/** The edge's answers by SWR key; empty when it inlined none (plain shell, old edge). */
export type Inlined = ReadonlyMap<string, unknown>;

const NONE: Inlined = new Map();

/**
 * Reads the inlined answers once, at startup. An absent, empty or malformed script is no
 * data at all, so the app fetches everything as it would without the edge's help.
 */
export function readInlined(doc: Document): Inlined {
  const text = doc.querySelector('script#vitrine-data[type="application/json"]')?.textContent;
  if (!text) return NONE;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return NONE;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return NONE;
  // JSON has no undefined; a null answer is dropped too, SWR would take it for data.
  return new Map(Object.entries(data).filter(([, answer]) => answer != null));
}
