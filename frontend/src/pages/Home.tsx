import { Link } from "react-router";
import { useBestSellers, useCategories, useHomeHead } from "../hooks/data";
import { ProductGrid } from "../components/ProductCard";
import { useHead } from "../seo/head";

// The spec's first route, `/`. The best sellers and the driver's main categories (the menu's top
// level; the fake store's own categories, since its menu is in-memory's); placeholders
// keep their boxes so nothing moves when data arrives.
export function Home() {
  const best = useBestSellers();
  const categories = useCategories();
  // The edge's head for the home page (inlined on a first load, where it is already there).
  const head = useHomeHead();
  useHead(head.error ? null : head.data?.head_html);
  return (
    <div className="home">
      <section className="hero">
        <h1>Vitrine</h1>
        <p>A demo storefront. Switch the backend in the debug bar to compare drivers.</p>
      </section>
      <section aria-labelledby="best-heading">
        <h2 id="best-heading">Best sellers</h2>
        <ProductGrid products={best.data?.slice(0, 4)} placeholders={4} />
        {best.error && <p className="load-error">The best sellers could not be loaded.</p>}
      </section>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Shop by category</h2>
        <ul className="category-list">
          {categories.data ? (
            categories.data.map((c) => (
              <li key={c.url}>
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
