import { Link, useLocation, useSearchParams } from "react-router";
import type { ProductPage, Sort } from "../api/types";
import { listingHref, pageWindow } from "../app/listing";
import { ProductGrid } from "./ProductCard";

/**
 * The sort choices a listing offers, as real links (they work before JS and for
 * crawlers); the current one is marked. Changing the order goes back to page 1.
 */
export function SortLinks({ sorts, current, labels }: { sorts: Sort[]; current: Sort; labels: Record<Sort, string> }) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (sorts.length < 2) return null;
  return (
    <nav className="sort-links" aria-label="Sort products">
      <span className="sort-label">Sort by</span>
      <ul>
        {sorts.map((sort) => (
          <li key={sort}>
            <Link to={listingHref(pathname, search, { sort, page: 1 })} aria-current={sort === current ? "true" : undefined}>
              {labels[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous, numbered pages and next, as `?page=N` links. Nothing for a single page. */
export function Pager({ page, count }: { page: number; count: number }) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (count < 2) return null;
  const href = (p: number) => listingHref(pathname, search, { page: p });
  return (
    <nav className="pager" aria-label="Pages">
      <ul>
        <li>{page > 1 ? <Link to={href(page - 1)} rel="prev">Previous</Link> : <span aria-hidden="true">Previous</span>}</li>
        {pageWindow(page, count).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={href(p)} aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>{page < count ? <Link to={href(page + 1)} rel="next">Next</Link> : <span aria-hidden="true">Next</span>}</li>
      </ul>
    </nav>
  );
}

/** A listing's products with its pager; `busy` while the next page or order loads. */
export function ListingResults({ listing, busy }: { listing: ProductPage; busy: boolean }) {
  return (
    <>
      <ProductGrid products={listing.products} placeholders={0} busy={busy} />
      <Pager page={listing.page} count={listing.page_count} />
    </>
  );
}
