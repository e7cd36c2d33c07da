// A product's variants as its page offers them: which one the address names,
// and what each option value would lead to from there. Pure.
import type { Product } from "../api/types";

export type Variant = NonNullable<Product["variants"]>[number];

/** The variant `?variant=` names, else the first (the product's own price and stock). */
export function chosenVariant(product: Product, search: URLSearchParams): Variant | undefined {
  const variants = product.variants ?? [];
  const wanted = search.get("variant");
  return variants.find((v) => v.id === wanted) ?? variants[0];
}

/** The value `variant` has for option `name`. */
export function valueOf(variant: Variant | undefined, name: string): string | undefined {
  return variant?.selected.find((s) => s.name === name)?.value;
}

/** One value of an option as the picker shows it from the chosen variant. */
export interface ValueChoice {
  value: string;
  /** The chosen variant has it. */
  checked: boolean;
  /** The variant choosing it leads to (the chosen one's other values kept); none: that combination is not made. */
  variant: Variant | undefined;
}

/** Every value of option `name`, each with the variant it leads to from `chosen`. */
export function choices(product: Product, chosen: Variant | undefined, name: string): ValueChoice[] {
  const option = product.options?.find((o) => o.name === name);
  const others = (chosen?.selected ?? []).filter((s) => s.name !== name);
  return (option?.values ?? []).map((value) => ({
    value,
    checked: valueOf(chosen, name) === value,
    variant: (product.variants ?? []).find(
      (v) => valueOf(v, name) === value && others.every((o) => valueOf(v, o.name) === o.value),
    ),
  }));
}

/** The address of `variant` on the product's page: its path with `?variant=`, other parameters kept. */
export function variantHref(pathname: string, search: URLSearchParams, variant: Variant): string {
  const next = new URLSearchParams(search);
  next.set("variant", variant.id);
  return `${pathname}?${next.toString()}`;
}
