import { beforeAll, describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import type { Product } from "../api/types";
import type { Variant } from "../app/variants";
import { Gallery } from "./Gallery";
import { ProductImage } from "./ProductImage";

// jsdom has no PointerEvent: without one, a test's pointer events lose their pointerType,
// pointerId and coordinates. A MouseEvent with the two fields is all the gallery reads.
beforeAll(() => {
  if ("PointerEvent" in window) return;
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? "";
    }
  }
  Object.defineProperty(window, "PointerEvent", { value: PointerEvent, configurable: true });
});

const image = (n: number, label = `Side ${n}`) => ({ id: String(n), url: `http://mock/images/1001-${n}.svg`, label });
const at = (n: number, w = 256) => `/img?src=${encodeURIComponent(`http://mock/images/1001-${n}.svg`)}&w=${w}`;

const chair = {
  id: "1001",
  name: "Rustic Bronze Chair",
  thumbnail: image(0),
  images: [image(1), image(2, ""), image(3)],
} as unknown as Product;

const variant = (id: string, n: number | null) =>
  ({ id, sku: null, selected: [], price: 1, discount: null, in_stock: true, image: n === null ? null : image(n) }) as Variant;

const main = () => screen.getByRole("tabpanel").querySelector("img")!;
const tabs = () => screen.getAllByRole("tab");
const selected = () => tabs().findIndex((t) => t.getAttribute("aria-selected") === "true");

describe("Gallery (issue 22)", () => {
  it("draws a single picture as the page did before the gallery: no thumbnails, no tabs", () => {
    const before = render(
      <div className="product-media">
        <ProductImage src={image(0).url} alt="Side 0" size={560} priority />
      </div>,
    ).container.innerHTML;
    const { container } = render(<Gallery product={{ ...chair, images: [] }} chosen={undefined} />);
    expect(container.innerHTML).toBe(before);
  });

  it("offers every picture as a named tab, the first shown; only the main picture is eager", () => {
    const { container } = render(<Gallery product={chair} chosen={undefined} />);
    expect(screen.getByRole("tablist", { name: "Product images" })).toBeTruthy();
    expect(tabs().map((t) => t.getAttribute("aria-label"))).toEqual([
      "Image 1 of 4: Side 0",
      "Image 2 of 4: Side 1",
      "Image 3 of 4: Rustic Bronze Chair",
      "Image 4 of 4: Side 3",
    ]);
    expect(selected()).toBe(0);
    expect(main().getAttribute("src")).toBe(at(0));
    expect(screen.getByRole("tabpanel", { name: "Image 1 of 4: Side 0" })).toBeTruthy();
    // One eager image: the main one, high priority; the thumbnails lazy, at the smallest width.
    const eager = container.querySelectorAll('img[loading="eager"]');
    expect([...eager]).toEqual([main()]);
    expect(main().getAttribute("fetchpriority")).toBe("high");
    const thumbs = [...container.querySelectorAll(".gallery-thumb img")];
    expect(thumbs.map((t) => [t.getAttribute("src"), t.getAttribute("loading"), t.getAttribute("alt")])).toEqual(
      [0, 1, 2, 3].map((n) => [at(n), "lazy", ""]),
    );
    // The thumbnails are presentational: the page has one image for assistive technology.
    expect(screen.getAllByRole("img")).toEqual([main()]);
  });

  it("shows a thumbnail's picture when it is clicked, and marks it", () => {
    render(<Gallery product={chair} chosen={undefined} />);
    fireEvent.click(tabs()[2]);
    expect(main().getAttribute("src")).toBe(at(2));
    expect(main().getAttribute("alt")).toBe("Rustic Bronze Chair");
    expect(selected()).toBe(2);
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, 0, -1]);
  });

  it.each<[string, number, number]>([
    ["ArrowRight", 0, 1],
    ["ArrowLeft", 0, 3],
    ["ArrowRight", 3, 0],
    ["End", 1, 3],
    ["Home", 2, 0],
  ])("%s from thumbnail %i shows and focuses thumbnail %i", (key, from, to) => {
    render(<Gallery product={chair} chosen={undefined} />);
    fireEvent.click(tabs()[from]);
    tabs()[from].focus();
    fireEvent.keyDown(tabs()[from], { key });
    expect(selected()).toBe(to);
    expect(document.activeElement).toBe(tabs()[to]);
    expect(main().getAttribute("src")).toBe(at(to));
    // One Tab stop: the shown thumbnail.
    expect(tabs().filter((t) => t.tabIndex === 0)).toEqual([tabs()[to]]);
  });

  it("leaves other keys to the browser", () => {
    render(<Gallery product={chair} chosen={undefined} />);
    const event = new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true });
    tabs()[0].dispatchEvent(event);
    expect([event.defaultPrevented, selected()]).toEqual([false, 0]);
  });

  it.each<[string, string, number, number, number]>([
    ["a finger swiping left shows the next", "touch", -80, 5, 1],
    ["a finger swiping right shows the previous (around)", "touch", 80, 5, 3],
    ["a pen swipes too", "pen", -80, 0, 1],
    ["a short move is no swipe", "touch", -20, 0, 0],
    ["a mostly vertical move is the page's scroll", "touch", -60, 90, 0],
    ["a mouse drag is no swipe", "mouse", -80, 0, 0],
  ])("%s", (_, pointerType, dx, dy, to) => {
    render(<Gallery product={chair} chosen={undefined} />);
    const panel = screen.getByRole("tabpanel");
    fireEvent.pointerDown(panel, { pointerId: 1, pointerType, clientX: 200, clientY: 200 });
    fireEvent.pointerUp(panel, { pointerId: 1, pointerType, clientX: 200 + dx, clientY: 200 + dy });
    expect(selected()).toBe(to);
  });

  it("forgets a touch the browser took over", () => {
    render(<Gallery product={chair} chosen={undefined} />);
    const panel = screen.getByRole("tabpanel");
    fireEvent.pointerDown(panel, { pointerId: 1, pointerType: "touch", clientX: 200, clientY: 200 });
    fireEvent.pointerCancel(panel, { pointerId: 1, pointerType: "touch" });
    fireEvent.pointerUp(panel, { pointerId: 1, pointerType: "touch", clientX: 100, clientY: 200 });
    expect(selected()).toBe(0);
  });

  it("shows the chosen variant's picture first, and again when the variant changes", () => {
    const { rerender } = render(<Gallery product={chair} chosen={variant("a", 2)} />);
    expect(main().getAttribute("src")).toBe(at(2));
    expect(tabs().length).toBe(4);
    fireEvent.click(tabs()[3]);
    expect(main().getAttribute("src")).not.toBe(at(2));
    rerender(<Gallery product={chair} chosen={variant("b", 3)} />);
    expect([main().getAttribute("src"), selected()]).toEqual([at(3), 0]);
    // The same variant again keeps what the shopper picked.
    fireEvent.click(tabs()[1]);
    rerender(<Gallery product={chair} chosen={variant("b", 3)} />);
    expect(selected()).toBe(1);
  });
});
