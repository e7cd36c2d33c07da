// whatwg-url ships no types; the two classes it exports are the standard's, as lib.dom has them.
declare module "whatwg-url" {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
}
