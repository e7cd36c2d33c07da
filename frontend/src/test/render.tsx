import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { vi } from "vitest";
import { swrConfig } from "../hooks/data";

type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
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
      const { status, body } = handler ? await handler() : { status: 404, body: { error: { code: "not_found", message: "no route" } } };
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

/** Renders with a fresh SWR cache and an in-memory router at `path`. */
export function renderAt(ui: ReactNode, path = "/") {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SWRConfig>,
  );
}
