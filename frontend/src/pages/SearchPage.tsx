import { useSearchParams } from "react-router";
import { useKept, useSearch, useSearchHead } from "../hooks/data";
import { listingParams, productCount, SEARCH_SORT_LABELS, searchWords } from "../app/listing";
import { ListingResults, SortLinks } from "../components/Listing";
import { ProductGrid } from "../components/ProductCard";
import { LoadFailed } from "../components/LoadFailed";
import { useHead } from "../seo/head";

const LOADING_CARDS = 4;

/** `/search?q=`: the same grid and pager as a category, with its own states. */
export function SearchPage() {
  const [search] = useSearchParams();
  const q = searchWords(search);
  const { page, sort } = listingParams(search);
  const { data, error, mutate } = useSearch(q, page, sort);
  const shown = useKept(data, q);
  // The edge writes the search page's head (its title included), as for every page.
  const head = useSearchHead(q, page);
  useHead(head.error ? null : head.data?.head_html);

  let body;
  if (!q) {
    body = <p className="listing-empty">Type what you are looking for in the search box.</p>;
  } else if (error && !data) {
    return <LoadFailed what="The search results" message={error.message} retry={() => void mutate()} />;
  } else if (!shown) {
    body = (
      <>
        <p className="listing-count spinner" role="status">
          <span className="spinner-icon" aria-hidden="true" />
          Searching...
        </p>
        <ProductGrid placeholders={LOADING_CARDS} />
      </>
    );
  } else if (shown.total_count === 0) {
    body = <p className="listing-empty">No products match “{q}”.</p>;
  } else {
    body = (
      <>
        <p className="listing-count">{productCount(shown.total_count)}</p>
        <SortLinks sorts={shown.sorts} current={sort} labels={SEARCH_SORT_LABELS} />
        <ListingResults listing={shown} busy={!data} />
      </>
    );
  }
  return (
    <section className="listing-page" aria-labelledby="listing-heading">
      <h1 id="listing-heading">{q ? `Results for “${q}”` : "Search"}</h1>
      {body}
    </section>
  );
}
