import { beforeEach, describe, expect, it } from "vitest";
import type { PageHead } from "../api/types";
import { applyHead, headElements, resetHeadMemory } from "./head";
import { resetTitleMemory } from "./title";

const chair: PageHead = {
  title: "Chair | Shop",
  description: "A chair to sit on.",
  canonical: "http://shop.test/chair",
  og_type: "product",
  image: "http://shop.test/img?src=x&w=768",
  json_ld: [
    { "@context": "https://schema.org", "@type": "Product", name: "Chair </script><script>alert(1)</script>" },
    { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [] },
  ],
};
const desk: PageHead = { title: "Desk", description: null, canonical: "http://shop.test/desk", og_type: "website", image: null, json_ld: [] };

/** The head's `data-head` elements, as `tag key=value`, in document order. */
function marked(): string[] {
  return Array.from(document.head.querySelectorAll("[data-head]"), (el) => {
    const key = el.getAttribute("name") ?? el.getAttribute("property") ?? el.getAttribute("rel") ?? el.getAttribute("type");
    return `${el.tagName.toLowerCase()} ${key}=${el.getAttribute("content") ?? el.getAttribute("href") ?? el.textContent}`;
  });
}
const jsonLd = () => Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'), (s) => JSON.parse(s.textContent ?? "") as { name?: string });

/** The document as the edge serves it: the shell's own tags, and the head it wrote for `head`. */
function served(head: PageHead | null) {
  document.head.innerHTML = '<meta charset="UTF-8"><meta name="viewport" content="width=device-width">';
  if (head) document.head.append(...headElements(head));
  document.title = head?.title ?? "Vitrine";
}

beforeEach(() => {
  resetHeadMemory();
  resetTitleMemory();
});

describe("headElements (the element set the edge writes)", () => {
  it("has the description, canonical, OpenGraph and Twitter tags and one JSON-LD script per object", () => {
    served(chair);
    expect(marked().filter((m) => !m.startsWith("script"))).toEqual([
      "link canonical=http://shop.test/chair",
      "meta description=A chair to sit on.",
      "meta og:title=Chair | Shop",
      "meta og:description=A chair to sit on.",
      "meta og:url=http://shop.test/chair",
      "meta og:image=http://shop.test/img?src=x&w=768",
      "meta og:type=product",
      "meta twitter:card=summary_large_image",
      "meta twitter:title=Chair | Shop",
      "meta twitter:description=A chair to sit on.",
      "meta twitter:image=http://shop.test/img?src=x&w=768",
    ]);
    expect(jsonLd()).toEqual(chair.json_ld);
  });

  it("leaves out what the page does not have, and a small card without an image", () => {
    served(desk);
    expect(marked()).toEqual([
      "link canonical=http://shop.test/desk",
      "meta og:title=Desk",
      "meta og:url=http://shop.test/desk",
      "meta og:type=website",
      "meta twitter:card=summary",
      "meta twitter:title=Desk",
    ]);
  });

  it("writes JSON-LD that no text can close", () => {
    const [script] = headElements(chair).filter((el) => el.tagName === "SCRIPT");
    expect(script.textContent).not.toContain("</script>");
    expect(script.textContent).toContain("\\u003c/script\\u003e");
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

  it("keeps the edge's head on a first page with no head data (home)", () => {
    served(chair);
    applyHead(null);
    expect(marked()).toHaveLength(13);
  });

  it("builds the first page's head when the edge wrote none (the plain shell)", () => {
    served(null);
    applyHead(chair);
    expect(marked()).toHaveLength(13);
    expect(document.title).toBe("Chair | Shop");
  });

  it("replaces the previous page's elements with the next page's, leaving the shell's own", () => {
    served(chair);
    applyHead(chair);
    applyHead(desk);
    expect(marked()[0]).toBe("link canonical=http://shop.test/desk");
    expect(marked()).toHaveLength(6);
    expect(jsonLd()).toEqual([]);
    expect(document.title).toBe("Desk");
    expect(document.head.querySelectorAll('meta[charset], meta[name="viewport"]')).toHaveLength(2);
  });

  it("rebuilds a later page even when its canonical is the one already there (page 2 of a listing)", () => {
    served(desk);
    applyHead(desk);
    const page2 = { ...desk, json_ld: [{ "@type": "CollectionPage", name: "Desk, page 2" }] };
    applyHead(page2);
    expect(jsonLd()).toEqual(page2.json_ld);
  });

  it("drops every data-head element for a page with none (home, search, not found), keeping the title rule's", () => {
    served(chair);
    applyHead(chair);
    applyHead(null);
    expect(marked()).toEqual([]);
    expect(document.title).toBe("Chair | Shop");
  });
});
