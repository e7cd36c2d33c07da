import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Shell } from "../app/App";
import { renderAt, stubApi } from "../test/render";
import { stubEventSource } from "../test/eventSource";
import { DELAY_SETTING } from "../hooks/useDriverEvents";

const options = ["in-memory", "fake", "magento"].map((value) => ({ value, label: value, enabled: true }));
const driverInfo = ({ driver, at }: Choice) => ({ status: 200, body: { driver, options, switched_at_ms: at } });
const tree = {
  id: "root", url: "/", name: "", total_products: 1, children_count: 1, breadcrumbs: [],
  children: [{ id: "g", url: "/garden", name: "Garden", total_products: 1, children_count: 0, breadcrumbs: [], children: [] }],
};

/** A session's driver and when it was chosen (the edge's stamp). */
interface Choice {
  driver: string;
  at: number;
}

/** The session's choice at the edge: another tab's switch sets it. */
let session: Choice = { driver: "in-memory", at: 0 };

/** The edge as the shell sees it, the session's choice `start` (stamp 0: no session);
 * PUT /api/driver switches to fake, stamped 11. */
function edge(start: Choice = { driver: "in-memory", at: 0 }) {
  session = start;
  return stubApi({
    "GET /api/driver": () => driverInfo(session),
    "PUT /api/driver": () => driverInfo((session = { driver: "fake", at: 11 })),
    "/api/navigation": () => ({ status: 200, body: tree }),
    "/api/products/best-sellers": () => ({ status: 200, body: [] }),
    // issue 23: each backend's own cart, as the session's driver names it.
    "GET /api/cart": () => ({ status: 200, body: cart(session.driver === "fake" ? 3 : 1) }),
  });
}

const cart = (count: number) => ({ lines: [], subtotal: 0, currency: null, count, checkout_url: null, notices: [], replaced: false });

const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;
const select = () => screen.getByLabelText<HTMLSelectElement>("Driver");

beforeEach(() => window.localStorage.setItem(DELAY_SETTING, "0"));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("DebugBar: a switch without back-and-forth (spec §4)", () => {
  it("uses the PUT's answer: the other views reload, /api/driver is not fetched again", async () => {
    stubEventSource();
    const calls = edge();
    renderAt(<Shell />);
    await waitFor(() => expect(select().disabled).toBe(false));
    await screen.findAllByRole("link", { name: "Garden" });
    expect(count(calls, "GET /api/driver")).toBe(1);

    fireEvent.change(select(), { target: { value: "fake" } });
    await waitFor(() => expect(count(calls, "GET /api/navigation")).toBe(2));
    await waitFor(() => expect(count(calls, "GET /api/products/best-sellers")).toBe(2));
    await waitFor(() => expect(select().disabled).toBe(false));
    expect(select().value).toBe("fake");
    expect(count(calls, "PUT /api/driver")).toBe(1);
    expect(count(calls, "GET /api/driver")).toBe(1);
    // The cart count is the new backend's (issue 23).
    await screen.findByRole("link", { name: "Cart, 3 items" });
  });

  it("follows another tab's switch, tells a connection's first frame by its stamp, on one stream across switches", async () => {
    const streams = stubEventSource();
    const calls = edge({ driver: "in-memory", at: 5 }); // a visitor with a session
    renderAt(<Shell />);
    await waitFor(() => expect(select().disabled).toBe(false));
    await waitFor(() => expect(streams.length).toBe(1));
    const [stream] = streams;
    expect(stream.url).toBe("/api/driver/events");
    stream.connect();
    expect(document.documentElement.dataset.driverEvents).toBe("open");
    stream.driver("in-memory", 5); // the stream's first frame: the current choice, nothing to do

    session = { driver: "magento", at: 10 }; // another tab switched: the event alone says so
    stream.driver("magento", 10);
    await waitFor(() => expect(select().value).toBe("magento"));
    await waitFor(() => expect(count(calls, "GET /api/navigation")).toBe(2));

    fireEvent.change(select(), { target: { value: "fake" } }); // this tab switches (stamped 11)
    await waitFor(() => expect(select().value).toBe("fake"));
    await waitFor(() => expect(count(calls, "GET /api/navigation")).toBe(3));
    stream.driver("fake", 11); // this tab's own switch comes back: already applied
    await waitFor(() => expect(select().disabled).toBe(false));

    // The stream reconnects, and its first frame was read before this tab's switch
    // landed: stamped 10, older than the 11 this tab knows, so nothing moves.
    stream.connect();
    stream.driver("magento", 10);
    await new Promise((r) => setTimeout(r, 20));
    expect(select().value).toBe("fake");
    expect(count(calls, "GET /api/navigation")).toBe(3);

    // It reconnects again after another tab switched meanwhile: stamped 12, newer.
    stream.connect();
    stream.driver("magento", 12);
    await waitFor(() => expect(select().value).toBe("magento"));
    await waitFor(() => expect(count(calls, "GET /api/navigation")).toBe(4));
    expect(count(calls, "GET /api/driver")).toBe(1);
    expect(streams.length).toBe(1);
    expect(stream.closed).toBe(false);
  });

  it("opens no stream without a session, and one once this tab's switch made it", async () => {
    const streams = stubEventSource();
    edge();
    renderAt(<Shell />);
    await waitFor(() => expect(select().disabled).toBe(false));
    await new Promise((r) => setTimeout(r, 20));
    expect(streams.length).toBe(0);
    fireEvent.change(select(), { target: { value: "fake" } });
    await waitFor(() => expect(streams.length).toBe(1));
  });
});
