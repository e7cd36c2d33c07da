import { type RefObject, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import type { Checkout } from "../../api/types";
import { fieldErrors, fieldId, optionPrice } from "../../app/checkout";
import { useCheckoutSteps, useShippingOptions } from "../../hooks/checkout";
import { Spinner } from "../Spinner";

interface Props {
  checkout: Checkout;
  /** Whether the address the methods are for is saved (and not changed since). */
  addressSaved: boolean;
  headingRef: RefObject<HTMLHeadingElement>;
}

/**
 * The shipping methods for the saved address, as a radio group with their prices.
 * Choosing one sends it; while one is sent, further choices (arrow keys run through the
 * group) only move the mark, and the last is sent once it is answered, so the answers
 * never come out of order. The box is there from the start, its height kept, so the
 * methods' arrival moves nothing below.
 */
export function ShippingStep({ checkout, addressSaved, headingRef }: Props) {
  const { data, error, mutate } = useShippingOptions(addressSaved);
  const { setShipping } = useCheckoutSteps();
  const [wanted, setWanted] = useState<string | null>(null);
  const [refused, setRefused] = useState("");
  const sending = useRef(false);
  const latest = useRef<string | null>(null);
  const currency = checkout.totals.currency ?? checkout.cart.currency;

  const send = async (option: string): Promise<void> => {
    sending.current = true;
    try {
      await setShipping(option);
      setRefused("");
    } catch (e) {
      latest.current = null;
      const fields = e instanceof ApiError ? fieldErrors(e.fields) : {};
      setRefused(fields.shipping_option ?? (e instanceof Error ? e.message : "The shipping method could not be set."));
    }
    const next = latest.current;
    if (next !== null && next !== option) return send(next);
    sending.current = false;
    latest.current = null;
    setWanted(null);
  };
  const choose = (option: string) => {
    latest.current = option;
    setWanted(option);
    if (!sending.current) void send(option);
  };

  let body;
  if (!addressSaved) {
    body = <p className="checkout-note">Continue to shipping to see the shipping methods for your address.</p>;
  } else if (error && !data) {
    body = (
      <div className="form-alert" role="alert">
        <p>{error.message}</p>
        <button type="button" className="retry" onClick={() => void mutate()}>
          Retry
        </button>
      </div>
    );
  } else if (!data) {
    body = <Spinner>Loading shipping methods...</Spinner>;
  } else if (data.options.length === 0) {
    body = <p className="checkout-note">There is no shipping method for this address.</p>;
  } else {
    const chosen = wanted ?? checkout.shipping_option?.id ?? "";
    const errorId = `${fieldId("shipping_option")}-error`;
    body = (
      <fieldset className="shipping-options" aria-busy={wanted !== null || undefined} aria-describedby={refused ? errorId : undefined}>
        <legend className="visually-hidden">Shipping method</legend>
        {data.options.map((option) => (
          <label key={option.id} className="shipping-option">
            <input type="radio" name="shipping-option" value={option.id} checked={chosen === option.id} onChange={() => choose(option.id)} />
            <span className="shipping-option-label">{option.label}</span>
            <span className="shipping-option-price">{optionPrice(option.price, currency)}</span>
          </label>
        ))}
        {refused && (
          <p className="field-error" id={errorId} role="alert">
            {refused}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <section className="checkout-step checkout-shipping" aria-labelledby="shipping-heading" aria-busy={(addressSaved && !data && !error) || undefined}>
      <h2 id="shipping-heading" ref={headingRef} tabIndex={-1}>
        Shipping method
      </h2>
      {body}
    </section>
  );
}
