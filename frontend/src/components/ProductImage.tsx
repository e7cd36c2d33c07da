import { IMAGE_WIDTHS } from "../api/bounds.gen";
import { imageUrl } from "../api/client";

interface Props {
  src: string | null | undefined;
  alt: string;
  /** Rendered size in CSS pixels; the box keeps it before the image arrives. */
  size: number;
  priority?: boolean;
}

/** Placeholder when a product has no image. Same box, so nothing shifts. */
export const PLACEHOLDER = "/placeholder.svg";

/** A square product image through the edge's image service, with its dimensions. */
export function ProductImage({ src, alt, size, priority = false }: Props) {
  const url = src ? imageUrl(src, IMAGE_WIDTHS[0]) : PLACEHOLDER;
  // Every width the edge renders (the edge writes the same srcset into a page's first paint).
  const srcSet = src ? IMAGE_WIDTHS.map((w) => `${imageUrl(src, w)} ${w}w`).join(", ") : undefined;
  return (
    <img
      className="product-image"
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? `(max-width: 768px) 100vw, ${size}px` : undefined}
      alt={alt}
      width={size}
      height={size}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      // React 18 has no typed prop for it; the lowercase attribute passes through.
      {...{ fetchpriority: priority ? "high" : "auto" }}
    />
  );
}
