import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { PLACEHOLDER, ProductImage } from "./ProductImage";

describe("ProductImage", () => {
  it("offers every width the edge renders, the first as its src, as the edge's first paint writes them", () => {
    render(<ProductImage src="http://mock/a b.svg" alt="A chair" size={300} />);
    const img = screen.getByRole("img", { name: "A chair" });
    const at = (w: number) => `/img?src=http%3A%2F%2Fmock%2Fa%20b.svg&w=${w}`;
    expect(img.getAttribute("src")).toBe(at(256));
    expect(img.getAttribute("srcset")).toBe(`${at(256)} 256w, ${at(512)} 512w, ${at(768)} 768w`);
    expect(img.getAttribute("sizes")).toBe("(max-width: 768px) 100vw, 300px");
  });

  it("shows the placeholder, without a srcset, when there is no image", () => {
    render(<ProductImage src={null} alt="No image" size={300} />);
    const img = screen.getByRole("img", { name: "No image" });
    expect([img.getAttribute("src"), img.getAttribute("srcset")]).toEqual([PLACEHOLDER, null]);
  });
});
