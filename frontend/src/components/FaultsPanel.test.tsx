import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderAt, stubApi } from "../test/render";
import { FaultsPanel } from "./FaultsPanel";

afterEach(() => vi.unstubAllGlobals());

const set = { backend: "magento", latency_ms: 800, error_percent: 0, timeout: false };
// The backends as the edge lists them: the panel offers these and no others.
const backends = [
  { value: "in-memory", label: "In-memory (sample data)" },
  { value: "magento", label: "Magento / Mage-OS" },
  { value: "a-new-one", label: "A New One" },
];

describe("FaultsPanel (issue 24)", () => {
  it("shows the visitor's setting, applies a new one and clears it", async () => {
    const calls = stubApi({
      "GET /api/debug/faults": () => ({ status: 200, body: { enabled: true, backends, faults: null } }),
      "PUT /api/debug/faults": () => ({ status: 200, body: { enabled: true, backends, faults: set } }),
      "DELETE /api/debug/faults": () => ({ status: 200, body: { enabled: true, backends, faults: null } }),
    });
    const fetchStub = vi.mocked(fetch);
    renderAt(<FaultsPanel />);
    expect(await screen.findByText("Nothing injected.")).toBeTruthy();
    const offered = [...screen.getByLabelText<HTMLSelectElement>("Backend").options].map((o) => [o.value, o.text]);
    expect(offered).toEqual(backends.map((b) => [b.value, b.label]));
    fireEvent.change(screen.getByLabelText("Backend"), { target: { value: "magento" } });
    fireEvent.change(screen.getByLabelText("Latency (ms)"), { target: { value: "800" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("magento: +800 ms on your requests (for an hour).")).toBeTruthy();
    const sent = fetchStub.mock.calls.find(([, init]) => init?.method === "PUT")?.[1]?.body;
    expect(JSON.parse(typeof sent === "string" ? sent : "null")).toEqual(set);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(await screen.findByText("Nothing injected.")).toBeTruthy();
    expect(calls).toEqual(["GET /api/debug/faults", "PUT /api/debug/faults", "DELETE /api/debug/faults"]);
  });

  it("keeps the latency within its bound, and says when the tools are off", async () => {
    stubApi({ "GET /api/debug/faults": () => ({ status: 200, body: { enabled: true, backends, faults: null } }) });
    const { unmount } = renderAt(<FaultsPanel />);
    const latency = await screen.findByLabelText<HTMLInputElement>("Latency (ms)");
    fireEvent.change(latency, { target: { value: "99999" } });
    expect(latency.value).toBe("5000");
    unmount();
    stubApi({ "GET /api/debug/faults": () => ({ status: 200, body: { enabled: false, backends, faults: null } }) });
    renderAt(<FaultsPanel />);
    expect(await screen.findByText("Fault injection is off on this site.")).toBeTruthy();
  });
});
