import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { useCategoryPage, useKept } from "../hooks/data";
import { listingParams, productCount, SORT_LABELS } from "../app/listing";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ListingResults, SortLinks } from "../components/Listing";
import { ProductGrid } from "../components/ProductCard";
import { LoadFailed } from "../components/LoadFailed";
import { applyTitle } from "../seo/title";
import { breadcrumbJsonLd, collectionJsonLd, scriptJson } from "../seo/jsonld";
import { NotFound } from "./NotFound";

/** Placeholder cards while a category loads: one row on every screen width. */
const LOADING_CARDS = 4;

/**
 * A category (issue 10): breadcrumbs, title, product count, description, child
 * categories, sort links, a grid of 24 products and a pager. `?page=N&sort=S` are in the URL.
 */
export function CategoryPage({ path }: { path: string }) {
  const [search] = useSearchParams();
  const { page, sort } = listingParams(search);
  const { data, error, mutate } = useCategoryPage(path, page, sort);
  const shown = useKept(data, path);

  const category = shown?.category;
  useEffect(() => {
    if (category) applyTitle(category.meta_title || category.name);
  }, [category]);

  if (error && !data) {
    if (error instanceof ApiError && error.status === 404) return <NotFound />;
    return <LoadFailed what="This category" error={error} retry={() => void mutate()} />;
  }
  if (!shown || !category) return <CategoryLoading />;
  const { listing } = shown;
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
          <ListingResults listing={listing} busy={!data} />
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

/** The category's boxes before it arrives: the heading lines and a row of cards. */
export function CategoryLoading() {
  return (
    <section className="listing-page" aria-busy="true">
      <div className="breadcrumbs line-placeholder" aria-hidden="true" />
      <p className="spinner listing-heading-placeholder" role="status">
        <span className="spinner-icon" aria-hidden="true" />
        Loading category...
      </p>
      <p className="listing-count">&nbsp;</p>
      <ProductGrid placeholders={LOADING_CARDS} />
    </section>
  );
}
