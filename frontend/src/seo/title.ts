// The page title becomes the lookup result's SEO title, else the previous SEO
// title, else the existing title.

let previousSeoTitle: string | null = null;

/** Pure rule, table-tested. */
export function nextTitle(seoTitle: string | null | undefined, previous: string | null, existing: string): string {
  if (seoTitle) return seoTitle;
  if (previous) return previous;
  return existing;
}

/** Applies the rule to `document.title` and remembers an SEO title for the next page. */
export function applyTitle(seoTitle: string | null | undefined): void {
  document.title = nextTitle(seoTitle, previousSeoTitle, document.title);
  if (seoTitle) previousSeoTitle = seoTitle;
}

/** For tests: forget the remembered SEO title. */
export function resetTitleMemory(): void {
  previousSeoTitle = null;
}
