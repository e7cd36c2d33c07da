// The checkout as the shopper fills it in: the form's state, the body each step
// sends, the edge's refused fields as the form shows them, the figures of a summary, and
// when a Place order is tried again. Pure.
import { ADDRESS_MAX_CHARS, MAX_EMAIL_CHARS } from "../api/bounds.gen";
import { ApiError } from "../api/client";
import type { Address, AddressStep, Checkout, Country, FieldError, Totals } from "../api/types";
import { formatPrice } from "./format";

/** An address's fields, in the order the form shows them. */
export const ADDRESS_FIELDS = ["first_name", "last_name", "street", "city", "postal_code", "country", "region", "telephone"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressForm = Record<AddressField, string>;
export type Section = "shipping" | "billing";

/** What the shopper has typed: the whole form, kept through every error. */
export interface CheckoutForm {
  email: string;
  shipping: AddressForm;
  /** "Billing address is the same as shipping" (checked: no billing address is sent). */
  sameBilling: boolean;
  billing: AddressForm;
}

export interface InputSpec {
  label: string;
  /** The `autocomplete` token, after the section's (`shipping given-name`). */
  autocomplete: string;
  maxLength?: number;
  inputMode?: "email" | "tel" | "text";
  type?: "email" | "tel" | "text";
  /** Optional fields say so; every other is required. */
  optional?: boolean;
}

/** The email's input (the edge's bound, generated from its OpenAPI document). */
export const EMAIL_SPEC: InputSpec = { label: "Email", autocomplete: "email", maxLength: MAX_EMAIL_CHARS, inputMode: "email", type: "email" };

/** Each address field's input, its length the edge's bound; `country` and `region` are selects. */
export const ADDRESS_SPECS: Record<AddressField, InputSpec> = {
  first_name: { label: "First name", autocomplete: "given-name", maxLength: ADDRESS_MAX_CHARS.first_name },
  last_name: { label: "Last name", autocomplete: "family-name", maxLength: ADDRESS_MAX_CHARS.last_name },
  street: { label: "Street and house number", autocomplete: "address-line1", maxLength: ADDRESS_MAX_CHARS.street },
  city: { label: "City", autocomplete: "address-level2", maxLength: ADDRESS_MAX_CHARS.city },
  postal_code: { label: "Postal code", autocomplete: "postal-code", maxLength: ADDRESS_MAX_CHARS.postal_code },
  country: { label: "Country", autocomplete: "country" },
  region: { label: "State or region", autocomplete: "address-level1" },
  telephone: { label: "Telephone", autocomplete: "tel", maxLength: ADDRESS_MAX_CHARS.telephone, inputMode: "tel", type: "tel" },
};

/** The form's name of a field, as the edge's `error.fields` name it: `email`, `shipping.city`. */
export type FieldPath = "email" | `${Section}.${AddressField}`;

/** The element id of a field (`checkout-shipping-postal-code`); its error's is `${id}-error`. */
export function fieldId(path: FieldPath | "shipping_option"): string {
  return `checkout-${path.replace(/[._]/g, "-")}`;
}

/** The country of `code` among those the shop ships to. */
export function countryOf(countries: Country[], code: string): Country | undefined {
  return countries.find((c) => c.code === code);
}

/** Whether the form asks for a region: the chosen country has some. */
export function hasRegions(countries: Country[], code: string): boolean {
  return (countryOf(countries, code)?.regions.length ?? 0) > 0;
}

/** An address as the form starts it: the checkout's, else blank (the country too, unless the shop ships to one). */
export function addressForm(address: Address | null | undefined, countries: Country[]): AddressForm {
  const only = countries.length === 1 ? countries[0].code : "";
  return {
    first_name: address?.first_name ?? "",
    last_name: address?.last_name ?? "",
    street: address?.street ?? "",
    city: address?.city ?? "",
    postal_code: address?.postal_code ?? "",
    country: address?.country || only,
    region: address?.region ?? "",
    telephone: address?.telephone ?? "",
  };
}

const sameAddress = (a: Address, b: Address) => ADDRESS_FIELDS.every((f) => (a[f] ?? "") === (b[f] ?? ""));

/** The form prefilled from what the checkout has: billing is "the same" unless it has a different one. */
export function formFromCheckout(checkout: Pick<Checkout, "email" | "shipping_address" | "billing_address" | "countries">): CheckoutForm {
  const { shipping_address: shipping, billing_address: billing, countries } = checkout;
  return {
    email: checkout.email ?? "",
    shipping: addressForm(shipping, countries),
    sameBilling: !billing || (!!shipping && sameAddress(billing, shipping)),
    billing: addressForm(billing, countries),
  };
}

/** An address as `PUT /api/checkout/address` takes it: trimmed, a region only where the country has regions. */
export function addressOf(form: AddressForm, countries: Country[]): Address {
  const trimmed = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, form[f].trim()])) as AddressForm;
  return { ...trimmed, region: hasRegions(countries, trimmed.country) ? trimmed.region : "" };
}

/** The body of `PUT /api/checkout/address`: no billing address while it is the same as shipping. */
export function addressBody(form: CheckoutForm, countries: Country[]): AddressStep {
  return {
    email: form.email.trim(),
    shipping: addressOf(form.shipping, countries),
    billing: form.sameBilling ? null : addressOf(form.billing, countries),
  };
}

/** The fields the form shows now, in its order (billing's only while it is asked for). */
export function formFields(sameBilling: boolean): FieldPath[] {
  const section = (s: Section) => ADDRESS_FIELDS.map((f): FieldPath => `${s}.${f}`);
  return ["email", ...section("shipping"), ...(sameBilling ? [] : section("billing"))];
}

/** The edge's refused fields by field; a field refused twice shows both texts. */
export function fieldErrors(fields: FieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, text } of fields) errors[field] = errors[field] ? `${errors[field]} ${text}` : text;
  return errors;
}

/** The first field the form shows that has an error: where the focus goes. */
export function firstInvalid(errors: Record<string, string>, sameBilling: boolean): FieldPath | undefined {
  return formFields(sameBilling).find((f) => f in errors);
}

/** A figure in `currency`, or `missing` when the backend cannot tell it yet. */
export function money(value: number | null | undefined, currency: string | null | undefined, missing = "—"): string {
  return value == null ? missing : formatPrice(value, currency ?? "USD");
}

/** A shipping method's price: "Free" for nothing, empty when it is not known. */
export function optionPrice(price: number | null | undefined, currency: string | null | undefined): string {
  if (price == null) return "";
  return price === 0 ? "Free" : formatPrice(price, currency ?? "USD");
}

export interface TotalsRow {
  label: string;
  value: string;
  total?: boolean;
}

/** The summary's figures: what is not known yet is "Calculated at next step" (shipping, tax) or "—". */
export function totalsRows(totals: Totals): TotalsRow[] {
  const { currency } = totals;
  const later = "Calculated at next step";
  return [
    { label: "Subtotal", value: money(totals.subtotal, currency) },
    { label: "Shipping", value: money(totals.shipping, currency, later) },
    { label: "Tax", value: money(totals.tax, currency, later) },
    { label: "Total", value: money(totals.total, currency), total: true },
  ];
}

/** Place order's automatic retries (each a second apart), with the same key. */
export const MAX_ORDER_TRIES = 5;
export const ORDER_RETRY_MS = 1000;

const IN_FLIGHT = ["order_in_flight", "idempotency_in_flight"];

/**
 * Whether a Place order is tried again on its own, with the same key: the first try
 * still runs (409 in flight), no answer came, or the edge was briefly away.
 */
export function orderRetriable(error: unknown): boolean {
  if (error instanceof ApiError) return IN_FLIGHT.includes(error.code) || [502, 503, 504].includes(error.status);
  return error instanceof TypeError;
}

/**
 * Whether the shopper's next Place order keeps this attempt's key: unless the edge said
 * no for certain (a 4xx other than in flight), the order may have been placed, and the
 * same key then answers it instead of placing another.
 */
export function keepsOrderKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return IN_FLIGHT.includes(error.code) || error.status >= 500;
}

/** What the checkout page says where it has no form: the shop checks out elsewhere, or there is nothing to check out. */
export function unavailableText(checkout: Pick<Checkout, "kind" | "notice"> | undefined, error: unknown): string {
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) return error.message;
  if (checkout?.kind === "handoff") return checkout.notice || "This shop checks out on its own site: go to your cart to check out there.";
  return checkout?.notice || "This shop has no checkout.";
}
