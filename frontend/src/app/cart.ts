// The cart as the shopper reads it: the rules the product page, the navigation
// bar and the cart page share, apart from any request. Pure.
import { MAX_QUANTITY, MIN_QUANTITY } from "../api/bounds.gen";
import type { Cart, CartLine, Product } from "../api/types";
import type { Variant } from "./variants";

/** The edge's bounds on a line's quantity (a 400 past them), generated from its OpenAPI document. */
export { MAX_QUANTITY, MIN_QUANTITY };

/** `value` as a line's quantity: whole, within the bounds; `null` for no number at all. */
export function clampQuantity(value: number | string): number | null {
  const n = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n)));
}

/** "2 items", "1 item". */
export function itemCount(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

/** The navigation bar's cart link as a screen reader names it; while the count loads, "Cart". */
export function cartLinkLabel(count: number | undefined): string {
  if (count === undefined) return "Cart";
  return count === 0 ? "Cart, empty" : `Cart, ${itemCount(count)}`;
}

/** The badge's text: nothing for an empty cart, "99+" past two digits (its box is fixed). */
export function badgeText(count: number | undefined): string {
  if (!count) return "";
  return count > 99 ? "99+" : String(count);
}

/** A line's chosen options: "Size: M, Color: Black"; empty for a product sold as it is. */
export function optionsText(options: CartLine["options"]): string {
  return options.map((o) => `${o.name}: ${o.value}`).join(", ");
}

/**
 * The variant Add to cart adds: the one the page shows (the address's, else the first,
 * as `chosenVariant` reads it), when it can be bought. A product sold as it is has one
 * variant, chosen from the start; one the shop marks out of stock cannot be added.
 */
export function buyable(product: Product, chosen: Variant | undefined): Variant | undefined {
  if (!chosen || !(product.variants ?? []).some((v) => v.id === chosen.id)) return undefined;
  return chosen.in_stock === false ? undefined : chosen;
}

/** What the confirmation says was added: "Added 2 × Rustic Bronze Chair (Size: M) to your cart." */
export function addedText(name: string, variant: Variant, quantity: number): string {
  const options = optionsText(variant.selected);
  return `Added ${quantity} × ${name}${options ? ` (${options})` : ""} to your cart.`;
}

/** The line of `cart` holding `variant`, after an add (lines merge by variant). */
export function lineOf(cart: Cart, variant: string): CartLine | undefined {
  return cart.lines.find((l) => l.variant === variant);
}

/**
 * Where a cart is checked out, when the backend gives a web address (Shopify's
 * `checkoutUrl`); anything else (another scheme, no address) is no checkout.
 */
export function checkoutHref(cart: Pick<Cart, "checkout_url">): string | null {
  const url = cart.checkout_url;
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
