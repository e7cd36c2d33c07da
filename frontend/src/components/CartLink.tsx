import { Link } from "react-router";
import { own } from "../api/addresses";
import { badgeText, cartLinkLabel } from "../app/cart";
import { useCart } from "../hooks/cart";

/**
 * The navigation bar's link to the cart, with the visitor's item count. The
 * count is the visitor's own, so it is never in the edge's markup (pages are everyone's):
 * it is fetched once React runs, into a badge whose box is there from the first paint,
 * fixed in size, so its arrival moves nothing. Its name says the count ("Cart, 2 items").
 */
export function CartLink({ onClick }: { onClick?: () => void }) {
  const { data } = useCart();
  const count = data?.count;
  return (
    <Link to={own.cart.path} className="cart-link" aria-label={cartLinkLabel(count)} onClick={onClick}>
      <svg className="cart-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="cart-count" aria-hidden="true">
        {badgeText(count)}
      </span>
    </Link>
  );
}
