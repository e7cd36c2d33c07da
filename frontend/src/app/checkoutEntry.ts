// The cart page's way to check out, apart from the checkout's own rules
// (`checkout.ts`), so the cart's chunk carries only this. Pure.
import type { Cart, Checkout } from "../api/types";
import { own } from "../api/addresses";
import { checkoutHref } from "./cart";

/**
 * What the cart page offers for checking out, by the checkout's kind: the
 * checkout page, the shop's own checkout (a web address only), or the shop's words.
 */
export type CheckoutEntry = { kind: "native"; to: string } | { kind: "handoff"; href: string } | { kind: "none"; notice: string };

export function checkoutEntry(checkout: Pick<Checkout, "kind" | "notice">, cart: Pick<Cart, "checkout_url">): CheckoutEntry | null {
  switch (checkout.kind) {
    case "native":
      return { kind: "native", to: own.checkout.path };
    case "handoff": {
      const href = checkoutHref(cart);
      return href ? { kind: "handoff", href } : null;
    }
    default:
      return { kind: "none", notice: checkout.notice || "This shop has no checkout." };
  }
}
