import { Link, useSearchParams } from "react-router";
import type { CategoryPage as CategoryData } from "../api/types";
import { listingParams, productCount, SORT_LABELS } from "../app/listing";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ListingResults, SortLinks } from "../components/Listing";

/**
 * A category: breadcrumbs, title, product count, description, child
 * categories, sort links, a grid of 24 products and a pager. `?page=N&sort=S` are in the
 * URL; `busy` while the next page or order of it loads (this one stays on screen). Its
 * title and structured data are in the page's head (see seo/head.ts).
 */
export function CategoryPage({ data, busy }: { data: CategoryData; busy: boolean }) {
  const [search] = useSearchParams();
  const { sort } = listingParams(search);
  const { category, listing } = data;
  return (
    <section className="listing-page" aria-labelledby="listing-heading">
      <Breadcrumbs trail={category.breadcrumbs} current={category.name} />
      <h1 id="listing-heading">{category.name}</h1>
      <p className="listing-count">{productCount(listing.total_count)}</p>
      {category.description && (
        // Sanitised by the adapter before it left the backend boundary.
        <div className="category-description" dangerouslySetInnerHTML={{ __html: category.description }} />
      )}
      {category.children.length > 0 && (
        <nav aria-label={`${category.name} subcategories`}>
          <ul className="category-list">
            {category.children.map((c) => (
              <li key={c.url}>
                <Link to={c.url}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {listing.total_count === 0 ? (
        <p className="listing-empty">There are no products in this category yet.</p>
      ) : (
        <>
          <SortLinks sorts={listing.sorts} current={sort} labels={SORT_LABELS} />
          <ListingResults listing={listing} busy={busy} />
        </>
      )}
    </section>
  );
}
