import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { Product } from "../api/types";
import { ProductView } from "./ProductView";
import { PLACEHOLDER } from "../components/ProductImage";

const base: Product = {
  id: "1001",
  type: "simple",
  url: "/1001",
  name: "Rustic Bronze Chair",
  images: [],
  price: 42,
  thumbnail: { id: "t", url: "http://mock/images/1001-0.svg", label: "A bronze chair" },
  brand: "Hartmann Group",
  description: "<p>Built <b>to last</b>.</p>",
};

/** The view at /1001, in a router (a product's page reads its address). */
const view = (product: Product) =>
  render(
    <MemoryRouter initialEntries={["/1001"]}>
      <ProductView product={product} />
    </MemoryRouter>,
  );

describe("ProductView (spec §2 product page)", () => {
  it("shows image through the image service, brand, name as heading, price and description", () => {
    const { container } = view(base);
    const img = screen.getByRole("img", { name: "A bronze chair" });
    expect(img.getAttribute("src")).toBe("/img?src=http%3A%2F%2Fmock%2Fimages%2F1001-0.svg&w=256");
    expect(img.getAttribute("width")).toBe("560");
    expect(img.getAttribute("height")).toBe("560");
    expect(screen.getByText("Hartmann Group")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Rustic Bronze Chair" })).toBeTruthy();
    expect(screen.getByText("$42.00")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Description" })).toBeTruthy();
    expect(container.querySelector(".product-description b")?.textContent).toBe("to last");
    // issue 12: its JSON-LD is the head's, built by the edge; the view writes none of its own.
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector(".product-meta")).toBeNull();
  });

  it.each<[Partial<Product>, string, string]>([
    [{ thumbnail: { id: "t", url: "http://mock/x.png", label: "" } }, "Rustic Bronze Chair", "/img?src=http%3A%2F%2Fmock%2Fx.png&w=256"],
    [{ thumbnail: null }, "Rustic Bronze Chair", PLACEHOLDER],
  ])("image %j → alt %s, src %s", (patch, alt, src) => {
    view({ ...base, ...patch });
    expect(screen.getByRole("img", { name: alt }).getAttribute("src")).toBe(src);
  });

  it("shows the price paid, with the listed price and the discount when there is one", () => {
    const { container } = view({ ...base, price: 60, currency: "EUR", discount: { amount: 15, percent: 25 }, paid_price: 45 });
    const price = container.querySelector(".product-price");
    expect(price?.textContent).toBe("€45.00was €60.00 −25%");
    expect(price?.querySelector("s")?.textContent).toBe("was €60.00");
    view({ ...base, discount: { amount: 0, percent: 0 } });
    expect(container.ownerDocument.querySelectorAll(".product-deal").length).toBe(1);
  });

  it.each<[boolean | undefined, string | null]>([
    [false, "excl. tax"],
    [true, "incl. tax"],
    [undefined, null],
  ])("prices that include tax: %s → the price says %s", (included, said) => {
    const { container } = view({ ...base, price: 15, prices_include_tax: included });
    expect(container.querySelector(".product-tax")?.textContent ?? null).toBe(said);
  });

  it("leaves out the optional parts and prices a missing price at 0", () => {
    view({ ...base, brand: null, description: null, price: null });
    expect(screen.queryByText("Hartmann Group")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Description" })).toBeNull();
    expect(screen.getByText("$0.00")).toBeTruthy();
  });
});

describe("ProductView with options (issue 22)", () => {
  const variant = (id: string, size: string, price: number, in_stock = true) => ({
    id,
    sku: null,
    selected: [{ name: "Size", value: size }],
    price,
    discount: null,
    in_stock,
    image: size === "L" ? { id: "l", url: "http://mock/l.png", label: "Large" } : null,
  });
  const sized: Product = {
    ...base,
    options: [{ name: "Size", values: ["S", "M", "L", "XL"] }],
    // XL is not made; M is out of stock.
    variants: [variant("c-s", "S", 42), variant("c-m", "M", 42, false), variant("c-l", "L", 45)],
  };

  function Where() {
    const { pathname, search } = useLocation();
    return <output data-testid="where">{pathname + search}</output>;
  }

  function at(url: string) {
    return render(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="*" element={<><ProductView product={sized} /><Where /></>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("shows the variant the address names, and a choice is a navigation to it", () => {
    at("/1001?variant=c-l");
    expect(screen.getByText("$45.00")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("src")).toBe("/img?src=http%3A%2F%2Fmock%2Fl.png&w=256");
    expect(screen.getByRole("radio", { name: "L" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "S" }));
    expect(screen.getByTestId("where").textContent).toBe("/1001?variant=c-s");
    expect(screen.getByText("$42.00")).toBeTruthy();
    expect(screen.getByText("In stock")).toBeTruthy();
  });

  it("shows every picture in the gallery, the chosen variant's first, again after another was picked", () => {
    const back = { id: "b", url: "http://mock/back.png", label: "Back" };
    render(
      <MemoryRouter initialEntries={["/1001?variant=c-l"]}>
        <ProductView product={{ ...sized, images: [{ id: "l", url: "http://mock/l.png", label: "Large" }, back] }} />
      </MemoryRouter>,
    );
    const shown = () => screen.getByRole("tabpanel").querySelector("img")?.getAttribute("alt");
    expect(screen.getAllByRole("tab").map((t) => t.getAttribute("aria-label"))).toEqual([
      "Image 1 of 3: Large",
      "Image 2 of 3: A bronze chair",
      "Image 3 of 3: Back",
    ]);
    fireEvent.click(screen.getByRole("tab", { name: "Image 3 of 3: Back" }));
    expect(shown()).toBe("Back");
    // Size S has no picture of its own: the product's, first.
    fireEvent.click(screen.getByRole("radio", { name: "S" }));
    expect(shown()).toBe("A bronze chair");
    expect(screen.getByRole("tab", { selected: true }).getAttribute("aria-label")).toBe("Image 1 of 3: A bronze chair");
    fireEvent.click(screen.getByRole("radio", { name: "L" }));
    expect(shown()).toBe("Large");
    expect(document.querySelectorAll('img[loading="eager"]').length).toBe(1);
  });

  it("marks what is out of stock and cannot choose what is not made", () => {
    at("/1001");
    expect(screen.getByRole("radio", { name: "S" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "M (out of stock)" })).toHaveProperty("disabled", false);
    expect(screen.getByRole("radio", { name: "XL (not available)" })).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("radio", { name: "M (out of stock)" }));
    expect(document.querySelector(".product-stock")?.textContent).toBe("Out of stock");
    // issue 23: and it cannot be added.
    expect(screen.getByRole("button", { name: "Out of stock" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("group", { name: "Size: M" })).toBeTruthy();
  });
});
