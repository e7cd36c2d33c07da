import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { CategoryPage as CategoryData } from "../api/types";
import { listingParams, productCount, SORT_LABELS } from "../app/listing";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ListingResults, SortLinks } from "../components/Listing";
import { applyTitle } from "../seo/title";
import { breadcrumbJsonLd, collectionJsonLd, scriptJson } from "../seo/jsonld";

/**
 * A category (issue 10): breadcrumbs, title, product count, description, child
 * categories, sort links, a grid of 24 products and a pager. `?page=N&sort=S` are in the
 * URL; `busy` while the next page or order of it loads (this one stays on screen).
 */
export function CategoryPage({ path, data, busy }: { path: string; data: CategoryData; busy: boolean }) {
  const [search] = useSearchParams();
  const { sort } = listingParams(search);
  const { category, listing } = data;
  useEffect(() => {
    applyTitle(category.meta_title || category.name);
  }, [category]);

  const pageUrl = window.location.origin + path;
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
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: scriptJson([collectionJsonLd(category.name, pageUrl, listing), breadcrumbJsonLd(category.breadcrumbs, category.name, pageUrl)]),
        }}
      />
    </section>
  );
}
