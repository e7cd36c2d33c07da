// Generated from services/edge/openapi.json by scripts/api-constants.mjs (npm run api:generate).
// Do not edit: the edge's constants are the source; npm run api:check fails when this is stale.

/** The last page a listing may ask for: the `page` parameter's `maximum`. */
export const MAX_PAGE = 1000;
/** The longest search, in characters: the `q` parameter's `maxLength`. */
export const MAX_QUERY_CHARS = 200;
/** The widths `/img` renders (`ImageWidth`); the first is its default. */
export const IMAGE_WIDTHS = [256, 512, 768] as const;
/** The most latency the debug bar may inject, in ms: `FaultsSetting.latency_ms`'s `maximum`. */
export const MAX_LATENCY_MS = 5000;
