import { Link } from "react-router";
import useSWR from "swr";
import { api } from "../api/client";
import type { Cart, Checkout } from "../api/types";
import { checkoutEntry } from "../app/checkoutEntry";

/**
 * The cart's way to check out, by the backend's kind of checkout: here
 * (`native`: the checkout page), on the shop's own site (`handoff`: the cart's
 * `checkout_url`), or none (the shop's words). Asked for only for a cart with lines;
 * while it loads its box is kept, and when it fails there is no link (the cart still works).
 */
export function CartCheckout({ cart }: { cart: Cart }) {
  // The checkout chunk's own hook reads the same key; this one keeps the cart's chunk apart from it.
  const { data, error } = useSWR<Checkout, Error>(cart.lines.length > 0 ? api.checkout : null);
  const entry = data && !error ? checkoutEntry(data, cart) : null;
  return (
    <div className="cart-checkout" aria-busy={(!data && !error) || undefined}>
      {entry?.kind === "native" && (
        <Link className="checkout button-link" to={entry.to}>
          Check out
        </Link>
      )}
      {entry?.kind === "handoff" && (
        <a className="checkout button-link" href={entry.href}>
          Check out
        </a>
      )}
      {entry?.kind === "none" && <p className="cart-note">{entry.notice}</p>}
    </div>
  );
}
