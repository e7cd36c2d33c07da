// The edge writes each page's head, once (services/edge/src/head/tags.rs),
// into the HTML it serves and, as `head_html`, into the answers the SPA reads (`/api/page`,
// `/api/head/home`, `/api/head/search`). On a client-side navigation the SPA swaps those
// very tags in: no second writer, so the two cannot drift apart. Every tag but <title>
// carries `data-head`, which is how the next page finds the previous page's tags to
// replace; the title is set from the <title> the edge wrote (the spec's rule: the lookup's SEO title, else the previous one).

import { useEffect } from "react";
import { applyTitle } from "./title";

const MARK = "data-head";
const CANONICAL = `link[rel="canonical"][${MARK}]`;

/** What an edge-written head holds: its title's text and its marked tags. */
export function parseHead(html: string, doc: Document = document): { title: string | null; tags: Element[] } {
  const template = doc.createElement("template");
  template.innerHTML = html;
  const title = template.content.querySelector("title")?.textContent ?? null;
  return { title, tags: Array.from(template.content.querySelectorAll(`[${MARK}]`)) };
}

/** Whether the next call is the first, made for the page the edge served. */
let first = true;

/**
 * Brings the document's head in line with a page: its title and its `data-head` tags,
 * from `headHtml` as the edge wrote it. `null` (not found, a redirect: no page of its
 * own) drops the previous page's tags and leaves the title to the spec's rule.
 *
 * The first call is for the page the edge served, whose head the edge already wrote
 * (its canonical link says so): that head stays, so the first paint does no head work.
 */
export function applyHead(headHtml: string | null, doc: Document = document): void {
  const wasFirst = first;
  first = false;
  const next = headHtml ? parseHead(headHtml, doc) : null;
  if (next) applyTitle(next.title);
  const served = doc.head.querySelector(CANONICAL)?.getAttribute("href");
  if (wasFirst && (next === null || served === next.tags.find((tag) => tag.matches(CANONICAL))?.getAttribute("href"))) return;
  doc.head.querySelectorAll(`[${MARK}]`).forEach((el) => el.remove());
  if (next) doc.head.append(...next.tags.map((tag) => doc.importNode(tag, true)));
}

/** Applies `headHtml` when it changes; `undefined` (the page is not known yet) leaves the head alone. */
export function useHead(headHtml: string | null | undefined): void {
  useEffect(() => {
    if (headHtml !== undefined) applyHead(headHtml);
  }, [headHtml]);
}

/** For tests: the next call is the first again. */
export function resetHeadMemory(): void {
  first = true;
}
