import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Cart, CartLine } from "../api/types";
import { imageUrl } from "../api/addresses";
import { itemCount, optionsText } from "../app/cart";
import { formatPrice } from "../app/format";
import { CartCheckout } from "../components/CartCheckout";
import { LoadFailed } from "../components/LoadFailed";
import { PLACEHOLDER } from "../components/ProductImage";
import { QuantityStepper } from "../components/QuantityStepper";
import { type CartChanges, useCart, useCartChanges } from "../hooks/cart";
import { useHydrated } from "../hooks/useHydrated";
import { useCartHead } from "../hooks/data";
import { useHead } from "../seo/head";
import { Spinner } from "../components/Spinner";

/** A line's picture in CSS pixels (the image service's smallest width covers it at 2×). */
const THUMB = 96;

/**
 * `/cart`: the visitor's cart on their driver's backend. The edge writes this
 * page for everyone alike (its head, the menu, "Loading your cart..."); the cart itself
 * is fetched once React runs. Each line: picture, name (a link to the product), chosen
 * options, unit price, a quantity stepper (each change one PATCH), line total and
 * Remove; then the subtotal in the cart's currency, and the way to check out. Empty:
 * a way back to the shop. Failed: the error with Retry, as every page's data.
 */
export function CartPage() {
  const { data, error, mutate } = useCart();
  const changes = useCartChanges();
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState("");
  const head = useCartHead();
  useHead(head.error ? null : head.data?.head_html);

  // A removed line's controls go with it: the heading takes the focus, and the live
  // region says what happened.
  const removed = (name: string) => {
    setSaid(`Removed ${name} from your cart.`);
    heading.current?.focus();
  };

  let body;
  if (error && !data) {
    return <LoadFailed what="Your cart" message={error.message} retry={() => void mutate()} />;
  } else if (!data) {
    body = <Spinner>Loading your cart...</Spinner>;
  } else if (data.lines.length === 0) {
    body = (
      <div className="cart-empty">
        <p>Your cart is empty.</p>
        <Link to="/" className="button-link">
          Continue shopping
        </Link>
      </div>
    );
  } else {
    body = <Filled cart={data} changes={changes} onRemoved={removed} />;
  }
  return (
    <section className="cart-page" aria-labelledby="cart-heading" aria-busy={!data || undefined}>
      <h1 id="cart-heading" ref={heading} tabIndex={-1}>
        Your cart
      </h1>
      {data && data.notices.length > 0 && (
        <ul className="cart-notices">
          {data.notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {body}
    </section>
  );
}

function Filled({ cart, changes, onRemoved }: { cart: Cart; changes: CartChanges; onRemoved: (name: string) => void }) {
  const currency = cart.currency ?? "USD";
  return (
    <div className="cart-filled">
      <ul className="cart-lines" aria-label={`${itemCount(cart.count)} in your cart`}>
        {cart.lines.map((line) => (
          <Line key={line.id} line={line} currency={currency} changes={changes} onRemoved={onRemoved} />
        ))}
      </ul>
      <section className="cart-summary" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Summary</h2>
        <p className="cart-subtotal">
          <span>Subtotal ({itemCount(cart.count)})</span> <strong>{formatPrice(cart.subtotal, currency)}</strong>
        </p>
        <p className="cart-note">Shipping and taxes are worked out at checkout.</p>
        <CartCheckout cart={cart} />
      </section>
    </div>
  );
}

/**
 * One line. Quantity changes go out one at a time: while one runs, further presses only
 * move the number shown, and the last of them is sent when it is answered (so quick
 * presses make few requests, and the answers never arrive out of order).
 */
function Line({ line, currency, changes, onRemoved }: { line: CartLine; currency: string; changes: CartChanges; onRemoved: (name: string) => void }) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [refused, setRefused] = useState("");
  const sending = useRef(false);
  const latest = useRef<number | null>(null);
  const options = optionsText(line.options);
  const name = options ? `${line.name} (${options})` : line.name;

  const send = async (quantity: number) => {
    sending.current = true;
    try {
      await changes.setQuantity(line.id, quantity);
      setRefused("");
    } catch (e) {
      latest.current = null;
      setRefused(e instanceof Error ? e.message : "The quantity could not be changed.");
    }
    const next = latest.current;
    if (next !== null && next !== quantity) return send(next);
    sending.current = false;
    latest.current = null;
    setWanted(null);
  };
  const setQuantity = (quantity: number) => {
    latest.current = quantity;
    setWanted(quantity);
    if (!sending.current) void send(quantity);
  };
  const remove = async () => {
    setRemoving(true);
    try {
      await changes.remove(line.id);
      onRemoved(name);
    } catch (e) {
      setRefused(e instanceof Error ? e.message : "The line could not be removed.");
      setRemoving(false);
    }
  };

  const picture = line.image?.url ? imageUrl(line.image.url) : PLACEHOLDER;
  return (
    <li className={removing ? "cart-line busy" : "cart-line"} aria-busy={removing || wanted !== null || undefined}>
      <img className="cart-line-image" src={picture} alt="" width={THUMB} height={THUMB} loading="lazy" decoding="async" />
      <div className="cart-line-info">
        <h2 className="cart-line-name">{line.product_url ? <Link to={line.product_url}>{line.name}</Link> : line.name}</h2>
        {options && <p className="cart-line-options">{options}</p>}
        <p className="cart-line-unit">{formatPrice(line.unit_price, currency)} each</p>
      </div>
      <div className="cart-line-controls">
        <QuantityStepper id={`quantity-${line.id}`} of={`of ${name}`} value={wanted ?? line.quantity} onChange={setQuantity} disabled={!hydrated || removing} />
        <p className="cart-line-total">
          <span className="visually-hidden">Line total: </span>
          {formatPrice(line.line_total, currency)}
        </p>
        <button type="button" className="cart-line-remove" disabled={!hydrated} aria-disabled={removing || undefined} onClick={() => !removing && void remove()}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </div>
      {refused && (
        <p className="cart-line-refused" role="alert">
          {refused}
        </p>
      )}
    </li>
  );
}
