import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
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

describe("ProductView (spec §2 product page)", () => {
  it("shows image through the image service, brand, name as heading, price and description", () => {
    const { container } = render(<ProductView product={base} />);
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
    expect(container.querySelector(".add-to-cart")).toBeNull();
    expect(container.querySelector(".product-meta")).toBeNull();
  });

  it.each<[Partial<Product>, string, string]>([
    [{ thumbnail: { id: "t", url: "http://mock/x.png", label: "" } }, "Rustic Bronze Chair", "/img?src=http%3A%2F%2Fmock%2Fx.png&w=256"],
    [{ thumbnail: null }, "Rustic Bronze Chair", PLACEHOLDER],
  ])("image %j → alt %s, src %s", (patch, alt, src) => {
    render(<ProductView product={{ ...base, ...patch }} />);
    expect(screen.getByRole("img", { name: alt }).getAttribute("src")).toBe(src);
  });

  it("shows the price paid, with the listed price and the discount when there is one", () => {
    const { container } = render(<ProductView product={{ ...base, price: 60, currency: "EUR", discount: { amount: 15, percent: 25 } }} />);
    const price = container.querySelector(".product-price");
    expect(price?.textContent).toBe("€45.00was €60.00 −25%");
    expect(price?.querySelector("s")?.textContent).toBe("was €60.00");
    render(<ProductView product={{ ...base, discount: { amount: 0, percent: 0 } }} />);
    expect(container.ownerDocument.querySelectorAll(".product-deal").length).toBe(1);
  });

  it("leaves out the optional parts and prices a missing price at 0", () => {
    render(<ProductView product={{ ...base, brand: null, description: null, price: null }} />);
    expect(screen.queryByText("Hartmann Group")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Description" })).toBeNull();
    expect(screen.getByText("$0.00")).toBeTruthy();
  });
});
