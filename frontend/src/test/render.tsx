import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { SWRConfig } from "swr";
import { vi } from "vitest";
import { swrConfig } from "../hooks/data";
import { inlinedSwr } from "../hooks/inlinedSwr";
import type { Inlined } from "../api/inlined";
import type { PageHead } from "../api/types";

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Reply = Answer | Promise<Answer>;
export type Routes = Record<string, () => Reply>;

/** Replaces fetch with a table of edge answers; records every path asked for. */
export function stubApi(routes: Routes): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = String(input);
      calls.push(`${init?.method ?? "GET"} ${path}`);
      const handler = routes[path] ?? routes[`${init?.method ?? "GET"} ${path}`];
      const { status, body, headers }: Answer = handler ? await handler() : { status: 404, body: { error: { code: "not_found", message: "no route" } } };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
    }),
  );
  return calls;
}

/**
 * Renders with a fresh SWR cache (holding `inlined`, the answers an edge would have
 * inlined into the page, as the app's) and an in-memory router at `path`.
 */
export function renderAt(ui: ReactNode, path = "/", inlined: Inlined = new Map()) {
  return render(
    <SWRConfig value={{ ...swrConfig, ...inlinedSwr(inlined), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SWRConfig>,
  );
}

/** Shows where the router is (path and query), for tests of navigation. */
export function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/** An `/api/page` answer: a matched PRODUCT resolution with `resolution` applied, no page data but `data`. */
export function pageAnswer(resolution: Record<string, unknown>, data: Record<string, unknown> = {}) {
  return {
    status: 200,
    body: {
      resolution: { id: "1001", url: "1001", type: "PRODUCT", code: 200, outcome: "match", error_code: null, location: null, failed_resolution_path: "/", ...resolution },
      product: null,
      category: null,
      content: null,
      failure: null,
      ...data,
      head_html: data.head ? headHtml(data.head as PageHead) : "",
    },
  };
}

/**
 * The `head_html` an edge sends with `head`, cut down to what these tests read: the title,
 * the canonical link and the JSON-LD (the edge's own writer is held by its tests).
 */
export function headHtml(head: PageHead): string {
  const text = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const ld = head.json_ld.map((o) => `<script type="application/ld+json" data-head>${JSON.stringify(o).replace(/</g, "\\u003c")}</script>`);
  return `<title>${text(head.title)}</title><link rel="canonical" href="${text(head.canonical)}" data-head>${ld.join("")}`;
}

/** The head an edge would send with a page at `path` titled `title` (no description, image or JSON-LD unless given). */
export function headFor(title: string, path: string, patch: Partial<PageHead> = {}): PageHead {
  return { title, description: null, canonical: `http://shop.test${path}`, og_type: "website", image: null, json_ld: [], ...patch };
}
