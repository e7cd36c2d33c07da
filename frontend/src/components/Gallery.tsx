import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { IMAGE_WIDTHS } from "../api/bounds.gen";
import { IMAGE_BOXES, imageUrl } from "../api/addresses";
import type { Product } from "../api/types";
import { keyed, pictures, stepped, swiped, thumbnailName } from "../app/gallery";
import type { Variant } from "../app/variants";
import { ProductImage } from "./ProductImage";

/** The main picture's box in CSS pixels (the address table's, which the edge preloads it for). */
const MAIN = IMAGE_BOXES.product;
/** A thumbnail's image in CSS pixels; its button adds a 2px border either side. */
const THUMB = 64;

/**
 * A product's pictures: the main one in its fixed square, and below it, when
 * there is more than one, a thumbnail each. The thumbnails are WAI-ARIA tabs and the main
 * picture their panel (the tabbed carousel pattern): one Tab stop, at the shown one; the
 * arrow keys, Home and End move to another and show it; a click, Enter or Space shows
 * the one it is on. On a touch screen a sideways swipe on the main picture shows the next
 * or previous one; vertical moves stay the page's scroll (`touch-action` in styles.css).
 *
 * Only the main picture is eager (and high priority); the thumbnails are lazy, at the
 * image service's smallest width. A single picture is drawn as before the gallery. The
 * choice of picture resets when the variant changes, so the new variant's picture shows.
 * Nothing here reads the window during render: the edge renders the same markup.
 */
export function Gallery({ product, chosen }: { product: Product; chosen: Variant | undefined }) {
  const list = pictures(product, chosen);
  // The picture shown, for the variant it was chosen under: another variant starts at its
  // own (React's "adjusting state when a prop changes": no remount, so the main <img>
  // keeps its old picture on screen until the new one has arrived).
  const variant = chosen?.id ?? "";
  const [shown, setShown] = useState({ variant, index: 0 });
  if (shown.variant !== variant) setShown({ variant, index: 0 });
  const index = shown.variant === variant && shown.index < list.length ? shown.index : 0;
  const show = (i: number) => setShown({ variant, index: i });
  // Where the current touch began; null between touches.
  const touch = useRef<{ id: number; x: number; y: number } | null>(null);

  const main = list[index];
  const picture = <ProductImage src={main?.url} alt={main?.alt ?? product.name} size={MAIN} priority />;
  if (list.length < 2) return <div className="product-media">{picture}</div>;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyed(event.key, index, list.length);
    if (next === undefined) return;
    event.preventDefault();
    show(next);
    (event.currentTarget.children[next] as HTMLElement | undefined)?.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    // A mouse has the thumbnails (and drags images); swipes are for fingers and pens.
    if (event.pointerType !== "mouse") touch.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start || start.id !== event.pointerId) return;
    const step = swiped(event.clientX - start.x, event.clientY - start.y);
    if (step !== 0) show(stepped(index, step, list.length));
  };

  return (
    <div className="product-media">
      <div
        className="gallery-picture"
        id="gallery-picture"
        role="tabpanel"
        aria-labelledby={`gallery-tab-${index}`}
        // WAI-ARIA tabs: a panel with nothing focusable in it is a Tab stop itself.
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        // The browser took the touch over (a scroll, a pinch): no swipe.
        onPointerCancel={() => {
          touch.current = null;
        }}
      >
        {picture}
      </div>
      <div className="gallery-thumbs" role="tablist" aria-label="Product images" onKeyDown={onKeyDown}>
        {list.map((p, i) => (
          <button
            key={p.url}
            type="button"
            role="tab"
            id={`gallery-tab-${i}`}
            className="gallery-thumb"
            aria-selected={i === index}
            aria-controls="gallery-picture"
            aria-label={thumbnailName(i, list.length, p.alt)}
            tabIndex={i === index ? 0 : -1}
            onClick={() => show(i)}
          >
            <img src={imageUrl(p.url, IMAGE_WIDTHS[0])} alt="" width={THUMB} height={THUMB} loading="lazy" decoding="async" />
          </button>
        ))}
      </div>
    </div>
  );
}
