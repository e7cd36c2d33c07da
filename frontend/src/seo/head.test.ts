import { beforeEach, describe, expect, it } from "vitest";
import { applyHead, parseHead, resetHeadMemory } from "./head";
import { resetTitleMemory } from "./title";

// Heads as the edge writes them (services/edge/src/head/tags.rs): a title, then the tags
// marked `data-head`.
const chair =
  '<title>Chair | Shop</title><meta name="description" content="A chair to sit on." data-head>' +
  '<meta property="og:type" content="product" data-head><meta property="og:title" content="Chair | Shop" data-head>' +
  '<meta property="og:url" content="http://shop.test/chair" data-head>' +
  '<meta property="og:description" content="A chair to sit on." data-head>' +
  '<meta property="og:image" content="http://shop.test/img?src=x&amp;w=768" data-head>' +
  '<meta name="twitter:card" content="summary_large_image" data-head><meta name="twitter:title" content="Chair | Shop" data-head>' +
  '<meta name="twitter:description" content="A chair to sit on." data-head>' +
  '<meta name="twitter:image" content="http://shop.test/img?src=x&amp;w=768" data-head>' +
  '<link rel="canonical" href="http://shop.test/chair" data-head>' +
  '<script type="application/ld+json" data-head>{"@type":"Product","name":"Chair \\u003c/script\\u003e"}</script>' +
  '<script type="application/ld+json" data-head>{"@type":"BreadcrumbList","itemListElement":[]}</script>';
const desk =
  '<title>Desk &amp; co</title><meta property="og:type" content="website" data-head>' +
  '<meta property="og:title" content="Desk &amp; co" data-head><meta property="og:url" content="http://shop.test/desk" data-head>' +
  '<meta name="twitter:card" content="summary" data-head><meta name="twitter:title" content="Desk &amp; co" data-head>' +
  '<link rel="canonical" href="http://shop.test/desk" data-head>';

/** The head's `data-head` elements, as `tag key=value`, in document order. */
function marked(): string[] {
  return Array.from(document.head.querySelectorAll("[data-head]"), (el) => {
    const key = el.getAttribute("name") ?? el.getAttribute("property") ?? el.getAttribute("rel") ?? el.getAttribute("type");
    return `${el.tagName.toLowerCase()} ${key}=${el.getAttribute("content") ?? el.getAttribute("href") ?? el.textContent}`;
  });
}
const jsonLd = () => Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'), (s) => JSON.parse(s.textContent ?? "") as { name?: string });

/** The document as the edge serves it: the shell's own tags, and the head it wrote. */
function served(head: string | null) {
  document.head.innerHTML = `<meta charset="UTF-8"><meta name="viewport" content="width=device-width">${head ?? "<title>Vitrine</title>"}`;
}

beforeEach(() => {
  resetHeadMemory();
  resetTitleMemory();
});

describe("parseHead (the tags the edge wrote)", () => {
  it("reads the title's text and the marked tags, entities and all", () => {
    const { title, tags } = parseHead(desk);
    expect(title).toBe("Desk & co");
    expect(tags.map((t) => t.getAttribute("content") ?? t.getAttribute("href"))).toEqual([
      "website",
      "Desk & co",
      "http://shop.test/desk",
      "summary",
      "Desk & co",
      "http://shop.test/desk",
    ]);
  });
});

describe("applyHead (issue 12: the head on a client-side navigation)", () => {
  it("keeps the head the edge wrote for the first page: same elements, no rebuild", () => {
    served(chair);
    const before = Array.from(document.head.children);
    applyHead(chair);
    expect(Array.from(document.head.children)).toEqual(before);
    expect(document.title).toBe("Chair | Shop");
  });

  it("keeps the edge's head on a first page with no head data", () => {
    served(chair);
    applyHead(null);
    expect(marked()).toHaveLength(13);
  });

  it("swaps the first page's head in when the edge wrote none (the plain shell)", () => {
    served(null);
    applyHead(chair);
    expect(marked()).toHaveLength(13);
    expect(document.title).toBe("Chair | Shop");
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
  });

  it("replaces the previous page's elements with the next page's, leaving the shell's own", () => {
    served(chair);
    applyHead(chair);
    applyHead(desk);
    expect(marked()).toEqual([
      "meta og:type=website",
      "meta og:title=Desk & co",
      "meta og:url=http://shop.test/desk",
      "meta twitter:card=summary",
      "meta twitter:title=Desk & co",
      "link canonical=http://shop.test/desk",
    ]);
    expect(jsonLd()).toEqual([]);
    expect(document.title).toBe("Desk & co");
    expect(document.head.querySelectorAll('meta[charset], meta[name="viewport"]')).toHaveLength(2);
  });

  it("swaps the JSON-LD in as the edge escaped it: data, and no text can close its script", () => {
    served(desk);
    applyHead(desk);
    applyHead(chair);
    expect(jsonLd()).toEqual([{ "@type": "Product", name: "Chair </script>" }, { "@type": "BreadcrumbList", itemListElement: [] }]);
    expect(document.head.innerHTML).not.toContain("Chair </script>");
  });

  it("rebuilds a later page even when its canonical is the one already there (page 2 of a listing)", () => {
    served(desk);
    applyHead(desk);
    const page2 = `${desk}<script type="application/ld+json" data-head>{"@type":"CollectionPage","name":"Desk, page 2"}</script>`;
    applyHead(page2);
    expect(jsonLd()).toEqual([{ "@type": "CollectionPage", name: "Desk, page 2" }]);
  });

  it("drops every data-head element for a page with none (not found), keeping the title rule's", () => {
    served(chair);
    applyHead(chair);
    applyHead(null);
    expect(marked()).toEqual([]);
    expect(document.title).toBe("Chair | Shop");
  });
});
