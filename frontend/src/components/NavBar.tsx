import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { useNavigation } from "../hooks/data";
import { useHydrated } from "../hooks/useHydrated";
import { CartLink } from "./CartLink";
import { SearchForm } from "./SearchForm";

// The spec's "Navigation bar": the store name; then exactly one of 'Loading...', the error
// item with Retry, or the top-level categories with their children in a dropdown.
// Below 768px a hamburger opens a 300px side panel over an overlay. At the right end, the
// search box and the cart link with the visitor's count.
export function NavBar() {
  const { data, error, isLoading, mutate } = useNavigation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // The menu's button acts only once React owns the page: a tap on the edge's markup
  // before then would be lost, so it waits, disabled, as the other controls do.
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  let items;
  if (error) {
    items = (
      <li className="menu-status">
        <span>Error loading menu</span>
        <button type="button" className="retry" onClick={() => void mutate()}>
          Retry
        </button>
      </li>
    );
  } else if (isLoading || !data) {
    items = <li className="menu-status">Loading...</li>;
  } else {
    items = data.children.map((category) => (
      <li key={category.id} className={category.children.length > 0 ? "has-children" : undefined}>
        <Link to={category.url} onClick={close}>
          {category.name}
        </Link>
        {category.children.length > 0 && (
          <ul className="dropdown" aria-label={`${category.name} subcategories`}>
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={child.url} onClick={close}>
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </li>
    ));
  }

  return (
    <header className="navbar">
      <div className="navbar-inner">
        <Link to="/" className="brand" onClick={close}>
          Vitrine
        </Link>
        <button
          type="button"
          className="hamburger"
          aria-label={open ? "Close menu" : "Open menu"}
          aria-expanded={open}
          aria-controls="main-menu"
          disabled={!hydrated}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" />
        </button>
        <nav id="main-menu" className={open ? "menu open" : "menu"} aria-label="Categories">
          <ul className="menu-list">{items}</ul>
        </nav>
        {/* After the menu and pinned to the right end, so the menu filling in moves nothing. */}
        <SearchForm />
        {/* The visitor's count comes after hydration, into a box of fixed size. */}
        <CartLink onClick={close} />
      </div>
      {open && <div className="overlay" data-testid="menu-overlay" onClick={close} />}
    </header>
  );
}
