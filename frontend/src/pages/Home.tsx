import { Link } from "react-router";
import { useBestSellers, useNavigation } from "../hooks/data";
import { ProductImage } from "../components/ProductImage";
import { formatPrice } from "../app/format";

const CARD_IMAGE = 240;

// spec §2 route 1. The best sellers and the top categories; placeholders keep their
// boxes so nothing moves when data arrives.
export function Home() {
  const best = useBestSellers();
  const nav = useNavigation();
  return (
    <div className="home">
      <section className="hero">
        <h1>Vitrine</h1>
        <p>A demo storefront. Switch the backend in the debug bar to compare drivers.</p>
      </section>
      <section aria-labelledby="best-heading">
        <h2 id="best-heading">Best sellers</h2>
        <ul className="product-grid">
          {best.data
            ? best.data.slice(0, 4).map((p, i) => (
                <li key={p.id} className="product-card">
                  <Link to={p.url}>
                    <ProductImage src={p.thumbnail?.url} alt={p.thumbnail?.label || p.name} size={CARD_IMAGE} priority={i === 0} />
                    <span className="card-name">{p.name}</span>
                    <span className="card-price">{formatPrice(p.price, p.currency ?? "USD")}</span>
                  </Link>
                </li>
              ))
            : [0, 1, 2, 3].map((i) => (
                <li key={i} className="product-card placeholder" aria-hidden="true">
                  <div className="card-body">
                    <div className="image-placeholder" />
                    <span className="card-name">&nbsp;</span>
                    <span className="card-price">&nbsp;</span>
                  </div>
                </li>
              ))}
        </ul>
        {best.error && <p className="load-error">The best sellers could not be loaded.</p>}
      </section>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Shop by category</h2>
        <ul className="category-list">
          {nav.data ? (
            nav.data.children.map((c) => (
              <li key={c.id}>
                <Link to={c.url}>{c.name}</Link>
              </li>
            ))
          ) : (
            <li className="placeholder" aria-hidden="true">
              &nbsp;
            </li>
          )}
        </ul>
      </section>
    </div>
  );
}
