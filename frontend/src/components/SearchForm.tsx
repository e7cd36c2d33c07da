import { type FormEvent, useId } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { search as searchPage } from "../api/addresses";
import { MAX_QUERY_CHARS, searchWords } from "../app/listing";

/**
 * The navigation bar's search box: a plain GET form to `/search`, so it works
 * before the app's JS has loaded; once it has, submitting navigates in the app instead
 * of reloading the page. On the search page it shows the words searched for.
 */
export function SearchForm() {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const current = pathname === searchPage.path ? searchWords(search) : "";

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const words = new FormData(e.currentTarget).get(searchPage.words);
    const q = typeof words === "string" ? words.trim() : "";
    void navigate(q ? `${searchPage.path}?${new URLSearchParams({ [searchPage.words]: q })}` : searchPage.path);
  };

  return (
    <form className="search-form" role="search" action={searchPage.path} method="get" onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      {/* Keyed by the words, so the box follows back/forward between searches. */}
      <input key={current} id={id} type="search" name={searchPage.words} defaultValue={current} maxLength={MAX_QUERY_CHARS} placeholder="Search products" autoComplete="off" enterKeyHint="search" />
      <button type="submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
