// The checkout's requests: its own module, so only the checkout's chunk (the
// checkout and an order's page) carries them, never the app's first script.
import { own } from "./addresses";
import { api, send } from "./client";
import type { AddressStep, Checkout, Order, ShippingChoice } from "./types";

export const checkoutApi = {
  /** The visitor's checkout: never inlined into a page (it is the visitor's own). */
  checkout: api.checkout,
  address: "/api/checkout/address",
  shippingOptions: "/api/checkout/shipping-options",
  shipping: "/api/checkout/shipping",
  order: "/api/checkout/order",
  /** An order this session placed. */
  placed: (number: string) => `/api/orders/${encodeURIComponent(number)}`,
  checkoutHead: own.checkout.headKey,
  orderHead: own.order.headKey,
};

/** `PUT /api/checkout/address`: JSON (what marks a change as the site's own). */
export const putAddress = (step: AddressStep): Promise<Checkout> => send<Checkout>("PUT", checkoutApi.address, step);

/** `PUT /api/checkout/shipping`. */
export const putShipping = (choice: ShippingChoice): Promise<Checkout> => send<Checkout>("PUT", checkoutApi.shipping, choice);

/**
 * `POST /api/checkout/order`, no body: its `Content-Type` still says JSON (what marks a
 * POST without `Origin` as the site's own). `key` goes as the `Idempotency-Key`: one per
 * Place order, the same on its retries, so a retry never places twice.
 */
export const postOrder = (key: string): Promise<Order> =>
  send<Order>("POST", checkoutApi.order, undefined, { "content-type": "application/json", "idempotency-key": key });
