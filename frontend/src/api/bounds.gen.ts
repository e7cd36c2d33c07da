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
/** The fewest of a variant a cart line holds: `AddLine.quantity`'s and `LineQuantity.quantity`'s `minimum`. */
export const MIN_QUANTITY = 1;
/** The most of a variant a cart line holds: `AddLine.quantity`'s and `LineQuantity.quantity`'s `maximum`. */
export const MAX_QUANTITY = 99;
/** The longest email the checkout takes, in characters: `AddressStep.email`'s `maxLength`. */
export const MAX_EMAIL_CHARS = 254;
/** The longest of each address field the checkout takes, in characters: `Address`'s `maxLength`s. */
export const ADDRESS_MAX_CHARS = { city: 50, first_name: 50, last_name: 50, postal_code: 12, street: 100, telephone: 20 } as const;
