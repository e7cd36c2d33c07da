import { useRef, useState } from "react";
import { Link } from "react-router";
import { useSWRConfig } from "swr";
import { own } from "../../api/addresses";
import { checkoutApi } from "../../api/checkout";
import { ApiError } from "../../api/client";
import type { Order } from "../../api/types";
import { keepsOrderKey } from "../../app/checkout";
import { useCheckoutSteps } from "../../hooks/checkout";
import { idempotencyKey } from "../../hooks/cart";

interface Props {
  /** Whether the address and a shipping method are set: what an order needs. */
  ready: boolean;
  onPlaced: (order: Order) => void;
}

/**
 * Place order: one `Idempotency-Key` per attempt, kept for its automatic retries and, when
 * its outcome is not known (no answer, the edge away), for the shopper's next press too:
 * the edge then answers the order the first placed instead of placing another.
 */
export function PlaceOrder({ ready, onPlaced }: Props) {
  const { placeOrder } = useCheckoutSteps();
  const { mutate } = useSWRConfig();
  const key = useRef<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<{ text: string; gone: boolean } | null>(null);

  const place = async () => {
    if (placing) return;
    key.current ??= idempotencyKey();
    setPlacing(true);
    setFailure(null);
    try {
      const order = await placeOrder(key.current);
      key.current = null;
      onPlaced(order);
    } catch (e) {
      if (!keepsOrderKey(e)) key.current = null;
      const gone = e instanceof ApiError && e.status === 404;
      setFailure({ text: e instanceof Error ? e.message : "The order could not be placed.", gone });
      setPlacing(false);
      // A refusal (out of stock) or a cart gone: the checkout is read again.
      if (e instanceof ApiError && e.status < 500) void mutate(checkoutApi.checkout);
    }
  };

  return (
    <div className="place-order">
      {failure && (
        <div className="form-alert" role="alert">
          <p>{failure.text}</p>
          {failure.gone && <Link to={own.cart.path}>Back to your cart</Link>}
        </div>
      )}
      <button type="button" className="checkout-button" disabled={!ready || placing} aria-busy={placing || undefined} onClick={() => void place()}>
        {placing && <span className="spinner-icon" aria-hidden="true" />}
        {placing ? "Placing your order..." : "Place order"}
      </button>
      {!ready && <p className="checkout-note">Enter your address and choose a shipping method to place your order.</p>}
    </div>
  );
}
