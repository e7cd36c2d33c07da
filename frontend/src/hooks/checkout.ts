// The visitor's checkout as the pages read and change it: one SWR key per
// answer, none inlined into a page (they are the visitor's own). A step answers the whole
// checkout, which becomes that key's data at once: the summary follows.
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { checkoutApi, postOrder, putAddress, putShipping } from "../api/checkout";
import { api } from "../api/client";
import type { AddressStep, Checkout, HeadAnswer, Order, ShippingOptions } from "../api/types";
import { MAX_ORDER_TRIES, ORDER_RETRY_MS, orderRetriable } from "../app/checkout";

/** The checkout. */
export const useCheckout = () => useSWR<Checkout, Error>(checkoutApi.checkout);
/** The shipping methods for the address set; asked for only once there is one. */
export const useShippingOptions = (enabled: boolean) => useSWR<ShippingOptions, Error>(enabled ? checkoutApi.shippingOptions : null);
/** A placed order: it never changes, so one the cache holds (Place order's answer) is not asked for again. */
export const useOrder = (number: string) =>
  useSWR<Order, Error>(checkoutApi.placed(number), { revalidateIfStale: false, revalidateOnReconnect: false });
export const useCheckoutHead = () => useSWR<HeadAnswer, Error>(checkoutApi.checkoutHead);
export const useOrderHead = () => useSWR<HeadAnswer, Error>(checkoutApi.orderHead);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CheckoutSteps {
  setAddress: (step: AddressStep) => Promise<Checkout>;
  setShipping: (option: string) => Promise<Checkout>;
  /** Places the order with `key`, tried again (same key) while {@link orderRetriable}. */
  placeOrder: (key: string) => Promise<Order>;
}

export function useCheckoutSteps(): CheckoutSteps {
  const { mutate } = useSWRConfig();
  const answered = useCallback(
    async (checkout: Checkout) => {
      await mutate(checkoutApi.checkout, checkout, { revalidate: false });
      return checkout;
    },
    [mutate],
  );
  const setAddress = useCallback(
    async (step: AddressStep) => {
      const checkout = await answered(await putAddress(step));
      // The methods and their prices depend on the address.
      void mutate(checkoutApi.shippingOptions);
      return checkout;
    },
    [answered, mutate],
  );
  const setShipping = useCallback(
    async (option: string) => {
      try {
        return await answered(await putShipping({ option }));
      } catch (e) {
        // The checkout may have changed meanwhile (an address, a cart).
        void mutate(checkoutApi.checkout);
        throw e;
      }
    },
    [answered, mutate],
  );
  const placeOrder = useCallback(
    async (key: string) => {
      for (let tries = 1; ; tries++) {
        try {
          const order = await postOrder(key);
          // The order's page shows this answer without asking again; the cart is now empty.
          await mutate(checkoutApi.placed(order.number), order, { revalidate: false });
          void mutate(api.cart);
          return order;
        } catch (e) {
          if (tries >= MAX_ORDER_TRIES || !orderRetriable(e)) throw e;
          await wait(ORDER_RETRY_MS);
        }
      }
    },
    [mutate],
  );
  return { setAddress, setShipping, placeOrder };
}
