import { Link } from "react-router";
import { IMAGE_BOXES } from "../api/addresses";
import type { Product } from "../api/types";
import { ProductImage } from "./ProductImage";
import { formatPrice } from "../app/format";
import { shownPrice } from "../app/listing";

/** Rendered size of a card's image in CSS pixels (the address table's, which the edge preloads it for). */
const CARD_IMAGE = IMAGE_BOXES.card;

/** A product in a grid: image, name, price in its currency, and the discount when there is one. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const currency = product.currency ?? "USD";
  const { paid, was, percent } = shownPrice(product);
  return (
    <li className="product-card">
      <Link to={product.url}>
        <ProductImage src={product.thumbnail?.url} alt={product.thumbnail?.label || product.name} size={CARD_IMAGE} priority={priority} />
        <span className="card-name">{product.name}</span>
        <span className="card-price">{formatPrice(paid, currency)}</span>
        {/* Always there (empty without a discount), so every card has the same boxes. */}
        <span className="card-deal">
          {was != null && (
            <>
              <s className="card-was">
                <span className="visually-hidden">was </span>
                {formatPrice(was, currency)}
              </s>
              <span className="card-discount"> −{percent}%</span>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}

/** A card's box before its product arrives: same size, so nothing moves. */
export function ProductCardPlaceholder() {
  return (
    <li className="product-card placeholder" aria-hidden="true">
      <div className="card-body">
        <div className="image-placeholder" />
        <span className="card-name">&nbsp;</span>
        <span className="card-price">&nbsp;</span>
        <span className="card-deal" />
      </div>
    </li>
  );
}

/**
 * A grid of product cards, or `placeholders` boxes while there are none yet. The first
 * card's image is the page's likely LCP element, so it loads eagerly.
 */
export function ProductGrid({ products, placeholders, busy = false }: { products?: Product[]; placeholders: number; busy?: boolean }) {
  return (
    <ul className={busy ? "product-grid busy" : "product-grid"} aria-busy={busy || !products}>
      {products
        ? products.map((p, i) => <ProductCard key={p.id} product={p} priority={i === 0} />)
        : Array.from({ length: placeholders }, (_, i) => <ProductCardPlaceholder key={i} />)}
    </ul>
  );
}
