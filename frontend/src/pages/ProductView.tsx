import { useSearchParams } from "react-router";
import type { Product } from "../api/types";
import { AddToCart } from "../components/AddToCart";
import { Gallery } from "../components/Gallery";
import { VariantPicker } from "../components/VariantPicker";
import { formatPrice } from "../app/format";
import { shownPrice } from "../app/listing";
import { chosenVariant } from "../app/variants";
import { Spinner } from "../components/Spinner";

/**
 * The spec's "Product page": image, optional brand, name, price, optional description; the
 * price is what the shopper pays, with the listed price and the discount beside it when
 * there is one ("a product shows the region's price and its discount"). Its
 * structured data is in the page's head (the edge builds it, see seo/head.ts).
 * With options, the variant `?variant=` names (else the first) sets the price,
 * the stock line and the picture, in the same boxes: a choice moves nothing. Every picture
 * of the product is in its gallery, the chosen variant's first. Add to cart
 * adds the variant shown. Where the backend says whether its prices include tax (a
 * shop's sales channel), the price says which.
 */
export function ProductView({ product }: { product: Product }) {
  const [search] = useSearchParams();
  const chosen = chosenVariant(product, search);
  const currency = product.currency ?? "USD";
  const { paid, was, percent } = shownPrice(chosen ?? product);
  const inStock = (chosen?.in_stock ?? product.in_stock) !== false;
  return (
    <article className="product">
      <Gallery product={product} chosen={chosen} />
      <div className="product-info">
        {product.brand && <p className="product-brand">{product.brand}</p>}
        <h1 className="product-name">{product.name}</h1>
        <p className="product-price">
          {formatPrice(paid, currency)}
          {was != null && (
            <span className="product-deal">
              <s className="product-was">
                <span className="visually-hidden">was </span>
                {formatPrice(was, currency)}
              </s>
              <span className="product-discount"> −{percent}%</span>
            </span>
          )}
          {product.prices_include_tax != null && (
            <span className="product-tax">{product.prices_include_tax ? "incl. tax" : "excl. tax"}</span>
          )}
        </p>
        <p className={inStock ? "product-stock" : "product-stock out"}>{inStock ? "In stock" : "Out of stock"}</p>
        {(product.options?.length ?? 0) > 0 && <VariantPicker product={product} chosen={chosen} />}
        <AddToCart product={product} chosen={chosen} />
        {product.description && (
          <section className="product-description" aria-labelledby="description-heading">
            <h2 id="description-heading">Description</h2>
            {/* Sanitised by the adapter before it left the backend boundary. */}
            <div dangerouslySetInnerHTML={{ __html: product.description }} />
          </section>
        )}
      </div>
    </article>
  );
}

/** 'Loading product...' with the page's boxes reserved, so the product lands without a shift. */
export function ProductLoading() {
  return (
    <article className="product" aria-busy="true">
      <div className="product-media">
        <div className="image-placeholder" />
      </div>
      <div className="product-info">
        <Spinner>Loading product...</Spinner>
      </div>
    </article>
  );
}
