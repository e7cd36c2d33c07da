import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { own, ownPath } from "../api/addresses";
import { checkoutApi } from "../api/checkout";
import { ApiError } from "../api/client";
import type { Checkout, Order } from "../api/types";
import { type CheckoutForm, addressBody, formFromCheckout, unavailableText } from "../app/checkout";
import { LoadFailed } from "../components/LoadFailed";
import { AddressStep } from "../components/checkout/AddressStep";
import { OrderSummary } from "../components/checkout/OrderSummary";
import { PlaceOrder } from "../components/checkout/PlaceOrder";
import { ShippingStep } from "../components/checkout/ShippingStep";
import { useCheckout, useCheckoutHead, useCheckoutSteps } from "../hooks/checkout";
import { useHead } from "../seo/head";
import { Spinner } from "../components/Spinner";

/**
 * `/checkout`: where the backend checks out here (`native`), one page: the
 * contact and address, the shipping method, the payment, and the order's summary with
 * Place order. Elsewhere (the shop checks out on its own site, or not at all; no cart):
 * why, with the way back to the cart. The edge writes this page for everyone alike (its
 * head, "Loading your checkout..."); the checkout is fetched once React runs.
 */
export function CheckoutPage() {
  const { data, error, mutate } = useCheckout();
  const head = useCheckoutHead();
  useHead(head.error ? null : head.data?.head_html);
  const [placed, setPlaced] = useState(false);

  const settled = error instanceof ApiError && (error.status === 404 || error.status === 409);
  let body;
  if (placed) {
    body = <Spinner>Your order is placed. Opening its confirmation...</Spinner>;
  } else if (error && (settled || !data)) {
    if (!settled) return <LoadFailed what="Your checkout" message={error.message} retry={() => void mutate()} />;
    body = <Unavailable text={unavailableText(undefined, error)} />;
  } else if (!data) {
    body = <Spinner>Loading your checkout...</Spinner>;
  } else if (data.kind !== "native") {
    body = <Unavailable text={unavailableText(data, undefined)} />;
  } else if (data.cart.lines.length === 0) {
    body = <Unavailable text="Your cart is empty." />;
  } else {
    body = <NativeCheckout checkout={data} onPlaced={() => setPlaced(true)} />;
  }
  return (
    <section className="checkout-page" aria-labelledby="checkout-heading" aria-busy={(!data && !error) || undefined}>
      <h1 id="checkout-heading">Checkout</h1>
      {/* Written by the edge for everyone and the same in every state: the page's largest
          text from its first paint, so no later part (the form, the summary) is a later LCP. */}
      <p className="page-lead">
        A test order: nothing is charged. What you enter here goes to the shop to place your order, and nowhere else: not
        into the address bar, not into a log.
      </p>
      {body}
    </section>
  );
}

/** No form here: why, and the way back to the cart (which links to the shop's own checkout, if any). */
function Unavailable({ text }: { text: string }) {
  return (
    <div className="checkout-unavailable">
      <p>{text}</p>
      <Link to={own.cart.path} className="button-link">
        Back to your cart
      </Link>
    </div>
  );
}

/** The checkout's steps and summary. What is typed lives here, kept through every answer and error. */
function NativeCheckout({ checkout, onPlaced }: { checkout: Checkout; onPlaced: () => void }) {
  const [form, setForm] = useState<CheckoutForm>(() => formFromCheckout(checkout));
  // Whether the address the checkout holds is the one in the form: the shipping methods are for it.
  const [changed, setChanged] = useState(false);
  const shippingHeading = useRef<HTMLHeadingElement>(null);
  const { setAddress } = useCheckoutSteps();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const addressSaved = !!checkout.shipping_address && !changed;

  const edit = (next: CheckoutForm) => {
    setForm(next);
    setChanged(true);
  };
  const save = async (sent: CheckoutForm) => {
    await setAddress(addressBody(sent, checkout.countries));
    setChanged(false);
    shippingHeading.current?.focus();
  };
  const placed = (order: Order) => {
    onPlaced();
    void navigate(ownPath("order", order.number));
    // The checkout is spent: a later visit asks again (and finds no cart) instead of showing this one.
    void mutate(checkoutApi.checkout, undefined, { revalidate: false });
  };

  return (
    <div className="checkout-layout">
      <div className="checkout-steps">
        <AddressStep checkout={checkout} form={form} onChange={edit} save={save} />
        <ShippingStep checkout={checkout} addressSaved={addressSaved} headingRef={shippingHeading} />
        <section className="checkout-step checkout-payment" aria-labelledby="payment-heading">
          <h2 id="payment-heading">Payment</h2>
          <p>{checkout.payment_method ?? "The shop's payment for test orders"}</p>
        </section>
      </div>
      <OrderSummary lines={checkout.cart.lines} totals={checkout.totals}>
        <PlaceOrder ready={addressSaved && !!checkout.shipping_option} onPlaced={placed} />
      </OrderSummary>
    </div>
  );
}
