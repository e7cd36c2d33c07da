// issue 12: the edge writes each page's head into the HTML it serves, from the same
// `PageData.head` the SPA receives; on a client-side navigation the SPA puts that head
// into the document, so both show one head built once, by the edge (JSON-LD included).
// Every element but <title> carries `data-head`, which is how the next page finds the
// previous page's elements to replace.

import { useEffect } from "react";
import type { PageHead } from "../api/types";
import { applyTitle } from "./title";

const MARK = "data-head";

/** The head's elements, as the edge writes them (the title is set apart). */
export function headElements(head: PageHead, doc: Document = document): HTMLElement[] {
  const element = (tag: string, attrs: Record<string, string>) => {
    const el = doc.createElement(tag);
    el.setAttribute(MARK, "");
    for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    return el;
  };
  const metas = (
    [
      ["name", "description", head.description],
      ["property", "og:title", head.title],
      ["property", "og:description", head.description],
      ["property", "og:url", head.canonical],
      ["property", "og:image", head.image],
      ["property", "og:type", head.og_type],
      // A large card when there is an image to fill it.
      ["name", "twitter:card", head.image ? "summary_large_image" : "summary"],
      ["name", "twitter:title", head.title],
      ["name", "twitter:description", head.description],
      ["name", "twitter:image", head.image],
    ] as const
  ).flatMap(([attr, key, content]) => (content == null ? [] : [element("meta", { [attr]: key, content })]));
  const scripts = head.json_ld.map((data) => {
    const script = element("script", { type: "application/ld+json" });
    // Escaped as the edge escapes it, so the text stays inert if the page is saved as HTML.
    script.textContent = JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    return script;
  });
  return [element("link", { rel: "canonical", href: head.canonical }), ...metas, ...scripts];
}

/** Whether the next call is the first, made for the page the edge served. */
let first = true;

/**
 * Brings the document's head in line with a page: its title (spec §2 rule) and its
 * `data-head` elements. `null` (home, search, not found: pages with no head data) drops
 * the previous page's elements and leaves the title to the page.
 *
 * The first call is for the page the edge served, whose head the edge already wrote
 * (its canonical link says so): that head stays, so the first paint does no head work.
 */
export function applyHead(head: PageHead | null, doc: Document = document): void {
  const wasFirst = first;
  first = false;
  if (head) applyTitle(head.title);
  const canonical = doc.head.querySelector(`link[rel="canonical"][${MARK}]`)?.getAttribute("href");
  if (wasFirst && (head === null || canonical === head.canonical)) return;
  doc.head.querySelectorAll(`[${MARK}]`).forEach((el) => el.remove());
  if (head) doc.head.append(...headElements(head, doc));
}

/** Applies `head` when it changes; `undefined` (the page is not known yet) leaves the head alone. */
export function useHead(head: PageHead | null | undefined): void {
  useEffect(() => {
    if (head !== undefined) applyHead(head);
  }, [head]);
}

/** For tests: the next call is the first again. */
export function resetHeadMemory(): void {
  first = true;
}
