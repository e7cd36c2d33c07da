import { imageSources } from "../api/addresses";

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
  // Every width the edge renders (the edge writes the same srcset and sizes into a page's
  // first paint and its preload, from the same address table).
  const sources = src ? imageSources(src, size) : undefined;
  return (
    <img
      className="product-image"
      src={sources?.src ?? PLACEHOLDER}
      srcSet={sources?.srcSet}
      sizes={sources?.sizes}
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
